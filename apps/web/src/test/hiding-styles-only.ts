import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom answers `getComputedStyle` by matching every rule of every style sheet against the element
 * and, for an inherited property such as `visibility`, against each of its ancestors. Testing
 * Library calls it for each element a role query looks at (is it hidden?), user-event for each
 * click (`pointer-events`), and MUI's emotion adds a style sheet per rule, hundreds per screen,
 * kept for the worker's next files (isolate: false). What most tests read of the computed style is
 * only whether something is hidden or cannot be clicked, so the document holds only the rules that
 * can say so; emotion still generates and hashes every rule as the app does. A file that checks a
 * colour or a layout calls `withEveryStyleRule()` (docs/operations.md, "The suite's time").
 */
const HIDES = /display:\s*none|visibility:\s*(hidden|collapse)|opacity:\s*0(?![.\d])|pointer-events:\s*none/;

type Held = { rules: [HTMLStyleElement, Text][]; every: boolean };

// The worker's one record of the rules held back, whichever evaluation of this module asks
// (a setup file runs again before each file of the worker).
const held = ((globalThis as { ginhawaHeldStyleRules?: Held }).ginhawaHeldStyleRules ??= { rules: [], every: false });

const appendChild = typeof Node === 'undefined' ? undefined : Node.prototype.appendChild;

// Patched once per worker; files in the node environment have no DOM.
if (appendChild && appendChild.name !== 'appendOnlyHidingRules') {
  Node.prototype.appendChild = function appendOnlyHidingRules<T extends Node>(this: Node, child: T): T {
    // Emotion (not in speedy mode, as in tests) appends each rule as the text of its own style element.
    if (
      this instanceof HTMLStyleElement &&
      this.hasAttribute('data-emotion') &&
      child instanceof Text &&
      !HIDES.test(child.data)
    ) {
      held.rules.push([this, child]);
      if (!held.every) return child;
    }
    return appendChild.call(this, child) as T;
  };
}

/** Every style rule in the document for this file's tests: for a file that checks colours or layout. */
export const withEveryStyleRule = () => {
  beforeAll(() => {
    held.every = true;
    for (const [tag, text] of held.rules) if (text.parentNode !== tag) appendChild!.call(tag, text);
  });
  afterAll(() => {
    held.every = false;
    for (const [, text] of held.rules) text.remove();
  });
};
