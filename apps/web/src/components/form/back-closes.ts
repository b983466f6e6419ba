import { useEffect, useRef } from 'react';

/**
 * The phone's Back closes the open dialog instead of leaving the page (docs/decisions/0643): each
 * open dialog pushes a history entry with the same URL; Back pops it and the dialog closes; a
 * dialog closed otherwise (Cancel, Save, Escape) takes its entry back off. Entries are a stack, so a
 * confirmation over a form closes first. While an earlier entry is still being taken off (history.back
 * is asynchronous), a new dialog's entry waits for it, so a dialog that opens another stays in order.
 * These moves between a dialog's entry and its page (same URL) are kept from the router: this
 * listener, added before the router's, runs first and stops the event, so a navigation started as a dialog closes
 * (Save, then open the new record) is not cancelled by the entry being taken off.
 */

const KEY = 'ginhawaDialog';
/** How long a Back of ours may take before the dialogs waiting on it push their entries anyway. */
const STUCK_BACK_MS = 1000;

type Entry = {
  key: string;
  /** Closes the dialog; false while it cannot close (a save under way): Back is then undone. */
  close: () => boolean;
  pushed: boolean;
  gone: boolean;
  /** The page the dialog opened on. */
  href: string;
};

const stack: Entry[] = [];
let pendingBacks = 0;
let queued: Entry[] = [];
let counter = 0;
/** Keys of entries whose dialogs are closed: an entry of one is spent, and Back passes over it. */
const spent = new Set<string>();
/** Keys of the closed dialogs whose entries our Backs are taking off now. */
const takingOff = new Set<string>();

const currentKey = (): unknown => (window.history.state as Record<string, unknown> | null)?.[KEY];

const push = (entry: Entry) => {
  const state = (window.history.state as Record<string, unknown> | null) ?? {};
  window.history.pushState({ ...state, [KEY]: entry.key }, '');
  entry.pushed = true;
};

const flush = () => {
  const waiting = queued;
  queued = [];
  for (const entry of waiting) if (!entry.gone) push(entry);
};

const handlePopState = (event: PopStateEvent) => {
  const at = currentKey();
  if (pendingBacks > 0) {
    event.stopImmediatePropagation();
    // One of ours: a dialog closed by its own button took its entry off.
    pendingBacks -= 1;
    if (typeof at === 'string' && takingOff.has(at)) {
      // A navigation came between the close and its Back (Save, then open the new record): the
      // Back landed on the closed dialog's own entry instead of the page; go forward to where the
      // person went.
      pendingBacks += 1;
      window.history.forward();
      return;
    }
    if (typeof at === 'string' && spent.has(at) && !stack.some((e) => e.key === at)) {
      // An older dialog's entry, left when its own Back was lost: the page is below it; pass over it.
      pendingBacks += 1;
      window.history.back();
      return;
    }
    if (pendingBacks === 0) {
      takingOff.clear();
      flush();
    }
    return;
  }
  // The person went back: every dialog above the entry now shown closes, topmost first.
  const keep = stack.findIndex((e) => e.key === at) + 1;
  const closing = stack.slice(keep).reverse();
  if (!closing.length && typeof at === 'string' && spent.has(at)) {
    // Back onto a spent entry (left behind by such a navigation), no dialog open: pass over it. With
    // a dialog open (one pushed over a spent entry whose Back never came), that dialog closes first.
    event.stopImmediatePropagation();
    pendingBacks += 1;
    window.history.back();
    return;
  }
  // Still on the page the dialogs opened on: nothing for the router to do.
  if (closing.length && closing[closing.length - 1]?.href === window.location.href) event.stopImmediatePropagation();
  for (const entry of closing) {
    if (!entry.close()) {
      // It cannot close now (saving): put its entry back, it stays open.
      push(entry);
      return;
    }
    entry.gone = true;
    spent.add(entry.key);
    stack.splice(stack.indexOf(entry), 1);
  }
};

let listening = false;
/**
 * Starts listening for Back. main.tsx calls it before any router exists: listeners on window run in
 * the order they were added (capture or not), and this one must run before the router's to stop
 * the moves it makes itself. Opening a dialog calls it too (tests, where no main.tsx runs).
 */
export const listenForBack = () => {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', handlePopState, { capture: true });
};

const open = (close: () => boolean): Entry => {
  listenForBack();
  counter += 1;
  const entry: Entry = {
    key: `d${Date.now().toString(36)}-${counter}`,
    close,
    pushed: false,
    gone: false,
    href: window.location.href,
  };
  stack.push(entry);
  if (pendingBacks > 0) queued.push(entry);
  else push(entry);
  return entry;
};

const release = (entry: Entry) => {
  if (entry.gone) return;
  entry.gone = true;
  spent.add(entry.key);
  const index = stack.indexOf(entry);
  if (index >= 0) stack.splice(index, 1);
  // Only the entry on top is taken off; after a navigation (another URL on top) it is left alone.
  if (entry.pushed && currentKey() === entry.key) {
    pendingBacks += 1;
    takingOff.add(entry.key);
    window.history.back();
    // Should its popstate never come (a browser that drops the traversal), later dialogs still push.
    window.setTimeout(() => {
      if (pendingBacks === 0) return;
      pendingBacks = 0;
      takingOff.clear();
      flush();
    }, STUCK_BACK_MS);
  }
};

/**
 * Forgets the open dialogs and every Back on the way: the test setup calls it after each test, as
 * one window serves many test files (a Back whose popstate never came, under fake timers, would
 * otherwise swallow the next file's Back). The spent keys stay: their entries are still in the
 * window's history, and Back must keep passing over them.
 */
export const forgetDialogEntries = () => {
  stack.length = 0;
  queued = [];
  pendingBacks = 0;
  takingOff.clear();
};

/**
 * `useBackCloses(open, onClose)` in a dialog: Back closes it while it is open. `onClose` undefined
 * (a save under way) keeps it open on Back.
 */
export const useBackCloses = (isOpen: boolean, onClose: (() => void) | undefined) => {
  const latest = useRef(onClose);
  useEffect(() => {
    latest.current = onClose;
  });
  useEffect(() => {
    if (!isOpen) return;
    const entry = open(() => {
      const close = latest.current;
      if (!close) return false;
      close();
      return true;
    });
    return () => release(entry);
  }, [isOpen]);
};
