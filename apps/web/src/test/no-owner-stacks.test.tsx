import { createElement } from 'react';
import { describe, expect, it } from 'vitest';

// The setup file no-owner-stacks.ts: elements share React's placeholder instead of each
// capturing a stack. If a React upgrade renames what it reads, this fails: look again.
describe('React owner stacks in the web tests', () => {
  it('are not recorded per element', () => {
    const a = createElement('div') as unknown as { _debugStack?: unknown };
    const b = createElement('span') as unknown as { _debugStack?: unknown };
    expect(a._debugStack).toBeDefined();
    expect(a._debugStack).toBe(b._debugStack);
  });
});
