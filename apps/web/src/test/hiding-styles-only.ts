import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom answers `getComputedStyle` by matching every rule of every style sheet against the element
 * and, for an inherited property such as `visibility`, against each of its ancestors. Testing
 * Library calls it for each element a role query looks at (is it hidden?), user-event for each
 * click (`pointer-events`), and MUI's emotion adds a style sheet per rule, hundreds per screen,
 * kept for the worker's next files (isolate: false). What most tests read of the computed style is
 * only whether something is hidden or cannot be clicked, so the document holds only the rules that
 * can say so; emotion still generates and hashes every rule as the app does. A test that checks a
 * colour or a layout calls `withEveryStyleRule()` in a `describe` of its own, so the file's other
 * tests keep the lighter document (docs/operations.md, "The suite's time"; decision 1080).
 *
 * A rule held back takes its emptied `<style>` out of the document as well (decision 1077): the
 * thousands of empty style elements a worker's files left in `<head>` made every sheet walk, and
 * every `querySelector` of emotion's `<Global>` and of MUI's layer order, slower file after file.
 */
const HIDES = /display:\s*none|visibility:\s*(hidden|collapse)|opacity:\s*0(?![.\d])|pointer-events:\s*none/;

/** Emotion's main sheet, whose elements carry only the cache's key (`<Global>`'s add "-global"). */
const MAIN_SHEET = 'css';

/** One style element of the main sheet (emotion in development puts one rule in each). */
type MainTag = { tag: HTMLStyleElement; rules: Text[]; hides: boolean };
type Held = {
  /** The main sheet's elements in the order emotion made them; the first stays in the document. */
  main: MainTag[];
  byTag: WeakMap<HTMLStyleElement, MainTag>;
  /** Rules held back in `<Global>`'s elements, which emotion itself removes when a `<Global>` unmounts. */
  global: [HTMLStyleElement, Text][];
  every: boolean;
};

// The worker's one record, whichever evaluation of this module asks (a setup file runs again
// before each file of the worker).
const held = ((globalThis as { ginhawaHeldStyleRules?: Held }).ginhawaHeldStyleRules ??= {
  main: [],
  byTag: new WeakMap(),
  global: [],
  every: false,
});

const appendChild = typeof Node === 'undefined' ? undefined : Node.prototype.appendChild;

/** A main-sheet element with no rule a test reads leaves the document (not the first: `<Global>` inserts before it). */
const detachUnlessRead = (entry: MainTag) => {
  if (!entry.hides && entry !== held.main[0]) entry.tag.remove();
};

// Patched once per worker; files in the node environment have no DOM.
if (appendChild && appendChild.name !== 'appendOnlyHidingRules') {
  Node.prototype.appendChild = function appendOnlyHidingRules<T extends Node>(this: Node, child: T): T {
    // Emotion (not in speedy mode, as in tests) appends each rule as the text of its own style element.
    if (!(this instanceof HTMLStyleElement) || !(child instanceof Text) || !this.hasAttribute('data-emotion'))
      return appendChild.call(this, child) as T;
    let entry = held.byTag.get(this);
    if (!entry && this.getAttribute('data-emotion') === MAIN_SHEET) {
      entry = { tag: this, rules: [], hides: false };
      held.byTag.set(this, entry);
      held.main.push(entry);
    }
    if (HIDES.test(child.data)) {
      if (entry) entry.hides = true;
      return appendChild.call(this, child) as T;
    }
    if (entry) entry.rules.push(child);
    else held.global.push([this, child]);
    if (held.every) return appendChild.call(this, child) as T;
    // Emotion makes the element with an empty text, puts it in <head>, then appends the rule.
    if (entry && child.data) detachUnlessRead(entry);
    return child;
  };
}

/**
 * Every style rule in the document for the tests of the `describe` (or file) it is called in: for
 * the tests that check colours or layout, in a `describe` of their own (decision 1080).
 */
export const withEveryStyleRule = () => {
  beforeAll(() => {
    held.every = true;
    for (const [tag, text] of held.global) if (text.parentNode !== tag) appendChild!.call(tag, text);
    // Back in <head> in the order emotion made them, after `<Global>`'s as they were.
    const head = held.main[0]?.tag.parentNode;
    for (const { tag, rules } of held.main) {
      for (const text of rules) if (text.parentNode !== tag) appendChild!.call(tag, text);
      if (head) appendChild!.call(head, tag);
    }
  });
  afterAll(() => {
    held.every = false;
    for (const [, text] of held.global) text.remove();
    for (const entry of held.main) {
      for (const text of entry.rules) text.remove();
      detachUnlessRead(entry);
    }
  });
};
