import { useCallback, useState } from 'react';

const PREFIX = 'ginhawa:';

/**
 * A `useState` whose value is kept in the tab's sessionStorage while `keep(value)` says so, and comes
 * back after a reload: an open dialog with a half-filled form reopens, its form restoring its own
 * draft (docs/decisions/0643). Values kept must be plain JSON.
 */
export const useSessionState = <T>(key: string, initial: T, keep: (value: T) => boolean) => {
  const [value, setValue] = useState<T>(() => {
    try {
      const kept = window.sessionStorage.getItem(PREFIX + key);
      return kept === null ? initial : (JSON.parse(kept) as T);
    } catch {
      return initial;
    }
  });
  const set = useCallback(
    (next: T) => {
      try {
        if (keep(next)) window.sessionStorage.setItem(PREFIX + key, JSON.stringify(next));
        else window.sessionStorage.removeItem(PREFIX + key);
      } catch {
        // Storage refused: the state still works, only not across a reload.
      }
      setValue(next);
    },
    // `keep` is a rule of the caller's, not state: the key names it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  return [value, set] as const;
};
