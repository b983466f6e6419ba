import { useCallback, useSyncExternalStore } from 'react';
import type { Client } from '@ginhawa/contract';

/**
 * The clients this browser opened last, for the empty search box (docs/decisions/0413): the id,
 * the name and the home branch only (no phone, no notes: a desk computer is shared), newest first,
 * at most RECENT_LIMIT, kept per signed-in person.
 */
export type RecentClient = Pick<Client, 'id' | 'full_name' | 'location_name'>;

export const RECENT_LIMIT = 5;
const keyOf = (userId: number) => `ginhawa.recentClients.${userId}`;
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; list: RecentClient[] }>();

const isRecent = (value: unknown): value is RecentClient =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RecentClient).id === 'number' &&
  typeof (value as RecentClient).full_name === 'string' &&
  typeof (value as RecentClient).location_name === 'string';

/** What is stored, or nothing when storage is off or holds something else (never a thrown error). */
const read = (userId: number): RecentClient[] => {
  const key = keyOf(userId);
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    return [];
  }
  const cached = cache.get(key);
  if (cached && cached.raw === raw) return cached.list;
  let list: RecentClient[];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    list = Array.isArray(parsed) ? parsed.filter(isRecent).slice(0, RECENT_LIMIT) : [];
  } catch {
    list = [];
  }
  cache.set(key, { raw, list });
  return list;
};

/** Puts the client on top of the person's recent list. */
export const rememberClient = (userId: number, client: RecentClient) => {
  const entry = { id: client.id, full_name: client.full_name, location_name: client.location_name };
  const list = [entry, ...read(userId).filter((c) => c.id !== client.id)].slice(0, RECENT_LIMIT);
  try {
    window.localStorage.setItem(keyOf(userId), JSON.stringify(list));
  } catch {
    // Private mode or a full storage: the list is a convenience, the desk works without it.
  }
  listeners.forEach((listener) => listener());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};

/** The person's recent clients (none when nobody is known), following other tabs too. */
export const useRecentClients = (userId: number | undefined): RecentClient[] => {
  const snapshot = useCallback(() => (userId === undefined ? EMPTY : read(userId)), [userId]);
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
};
const EMPTY: RecentClient[] = [];
