import * as React from 'react';

/**
 * React in development records, for every element it creates, where it was created: an `Error`
 * with its stack and a `console.createTask` (React 19's owner stacks), which only the text of
 * React's own warnings uses. In the web tests that was about an eighth of the CPU (decision 1078).
 * React stops recording after 10,000 elements between two commits and uses one shared
 * placeholder; the counter it checks reads as full here, so every element gets the placeholder.
 * Nothing a test asserts reads those stacks; a warning's text names no component stack.
 * Without the counter (another React), nothing is changed and the suite is only slower.
 */
const internals = (React as unknown as Record<string, unknown>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE as Record<string, unknown> | undefined;

const OWNER_STACK_LIMIT = 1e4;

if (internals && 'recentlyCreatedOwnerStacks' in internals)
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    get: () => OWNER_STACK_LIMIT,
    set: () => undefined,
    configurable: true,
  });
