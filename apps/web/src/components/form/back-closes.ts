import { useEffect, useRef } from 'react';

/**
 * The phone's Back closes the open dialog instead of leaving the page (docs/decisions/0643): each
 * open dialog pushes a history entry with the same URL; Back pops it and the dialog closes; a
 * dialog closed otherwise (Cancel, Save, Escape) takes its entry back off. Entries are a stack, so a
 * confirmation over a form closes first. While an earlier entry is still being taken off (history.back
 * is asynchronous), a new dialog's entry waits for it, so a dialog that opens another stays in order.
 */

const KEY = 'ginhawaDialog';

type Entry = {
  key: string;
  /** Closes the dialog; false while it cannot close (a save under way): Back is then undone. */
  close: () => boolean;
  pushed: boolean;
  gone: boolean;
};

const stack: Entry[] = [];
let pendingBacks = 0;
let queued: Entry[] = [];
let counter = 0;

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

const handlePopState = () => {
  if (pendingBacks > 0) {
    // One of ours: a dialog closed by its own button took its entry off.
    pendingBacks -= 1;
    if (pendingBacks === 0) flush();
    return;
  }
  // The person went back: every dialog above the entry now shown closes, topmost first.
  const at = currentKey();
  const keep = stack.findIndex((e) => e.key === at) + 1;
  const closing = stack.slice(keep).reverse();
  for (const entry of closing) {
    if (!entry.close()) {
      // It cannot close now (saving): put its entry back, it stays open.
      push(entry);
      return;
    }
    entry.gone = true;
    stack.splice(stack.indexOf(entry), 1);
  }
};

let listening = false;
const listen = () => {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', handlePopState);
};

const open = (close: () => boolean): Entry => {
  listen();
  counter += 1;
  const entry: Entry = { key: `d${Date.now().toString(36)}-${counter}`, close, pushed: false, gone: false };
  stack.push(entry);
  if (pendingBacks > 0) queued.push(entry);
  else push(entry);
  return entry;
};

const release = (entry: Entry) => {
  if (entry.gone) return;
  entry.gone = true;
  const index = stack.indexOf(entry);
  if (index >= 0) stack.splice(index, 1);
  // Only the entry on top is taken off; after a navigation (another URL on top) it is left alone.
  if (entry.pushed && currentKey() === entry.key) {
    pendingBacks += 1;
    window.history.back();
  }
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
