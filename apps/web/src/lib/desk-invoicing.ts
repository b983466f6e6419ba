import { useCallback, useSyncExternalStore } from 'react';
import useSWR from 'swr';
import type { DeskInvoicing, Page, Reprint, Terminal, TerminalListQuery } from '@ginhawa/contract';
import { apiClient } from './api-client';
import { ALL_ROWS, getPage, withQuery } from './list-query';
import type { Prefetch } from './swr';

/*
 * The desk's side of invoicing (issue 33; docs/decisions/1010): whether invoicing is on, the
 * terminal this device issues from (remembered in localStorage), and a document's reprint. In lib/
 * because the checkout (sales), the sell dialogs (clients) and the invoicing screens all use them
 * and a feature imports no other feature.
 */

export const DESK_INVOICING_PATH = '/invoicing/desk/';

const getDeskInvoicing = async (): Promise<DeskInvoicing> =>
  (await apiClient.get<DeskInvoicing>(DESK_INVOICING_PATH)).data;

/** Whether invoicing is on, and the seller's VAT terms (everyone signed in reads it). */
export const useDeskInvoicing = () => useSWR<DeskInvoicing, unknown>(DESK_INVOICING_PATH, getDeskInvoicing);

/** Active terminals, by branch and name: those of one branch, or every one. */
const activeTerminalsKey = (location?: number) =>
  withQuery('/invoicing/terminals/', {
    ...ALL_ROWS,
    ordering: 'location_name,name',
    is_active: 'true',
    location: location === undefined ? undefined : String(location),
  } satisfies TerminalListQuery);

/**
 * Started with the signed-in layout's code: its header reads it (decision 1050), and with
 * invoicing on, the header's terminal chip reads every active terminal, asked for as soon as the
 * answer says so rather than once the chip has been drawn (decision 1088).
 */
export const prefetchDeskInvoicing = (prefetch: Prefetch) =>
  prefetch(DESK_INVOICING_PATH, async () => {
    const desk = await getDeskInvoicing();
    if (desk.invoicing === 'on') prefetch(activeTerminalsKey(), getPage<Terminal>);
    return desk;
  });

/** Active terminals, by branch and name: those of one branch, or every one (read only while `enabled`). */
export const useActiveTerminals = (location?: number, enabled = true) =>
  useSWR<Page<Terminal>, unknown>(enabled ? activeTerminalsKey(location) : null, getPage<Terminal>);

// ——— this device's terminal ———

/** What the device remembers of its terminal: enough to name it before the list has loaded. */
export type DeskTerminal = { id: number; name: string; location: number; location_name: string };

export const DESK_TERMINAL_KEY = 'ginhawa.terminal';
const listeners = new Set<() => void>();

const read = (): string | null => {
  try {
    return window.localStorage.getItem(DESK_TERMINAL_KEY);
  } catch {
    return null;
  }
};

const parse = (raw: string | null): DeskTerminal | null => {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<DeskTerminal>;
    return typeof value.id === 'number' && typeof value.location === 'number'
      ? { id: value.id, name: value.name ?? '', location: value.location, location_name: value.location_name ?? '' }
      : null;
  } catch {
    return null;
  }
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab of the same browser choosing a terminal is this device choosing it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === DESK_TERMINAL_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

/** Remembers (or forgets, with null) this device's terminal. */
export const rememberDeskTerminal = (terminal: DeskTerminal | null) => {
  try {
    if (terminal === null) window.localStorage.removeItem(DESK_TERMINAL_KEY);
    else window.localStorage.setItem(DESK_TERMINAL_KEY, JSON.stringify(terminal));
  } catch {
    // Storage refused (private mode): the dialogs ask each time.
  }
  listeners.forEach((l) => l());
};

export const toDeskTerminal = (t: Pick<Terminal, 'id' | 'name' | 'location' | 'location_name'>): DeskTerminal => ({
  id: t.id,
  name: t.name,
  location: t.location,
  location_name: t.location_name,
});

/** The terminal this device issues from, or null before one is chosen. */
export const useDeskTerminal = (): DeskTerminal | null => {
  const raw = useSyncExternalStore(subscribe, read, () => null);
  return parse(raw);
};

/** Journals the choice on the server (`terminal_chosen`), then remembers it on this device. */
export const chooseDeskTerminal = async (terminal: DeskTerminal) => {
  await apiClient.post(`${DESK_INVOICING_PATH}terminal/`, { terminal: terminal.id });
  rememberDeskTerminal(terminal);
};

/** A document printed again (decision 1013): journalled, and counted. */
export const reprintDocument = async (id: number): Promise<Reprint> =>
  (await apiClient.post<Reprint>(`/invoicing/documents/${id}/reprint/`)).data;

/**
 * What a money dialog needs to issue its document: `on` while invoicing is on, the terminal to send
 * for a sale at `location` (the device's when it is of that branch), and the seller's VAT terms.
 */
export const useSaleTerminal = (location: number) => {
  const desk = useDeskInvoicing();
  const device = useDeskTerminal();
  const on = desk.data?.invoicing === 'on';
  const terminal = device && device.location === location ? device : null;
  const revalidate = desk.mutate;
  return {
    loading: desk.data === undefined && desk.error === undefined,
    on,
    terminal,
    device,
    terms: desk.data ? { vat_status: desk.data.vat_status, vat_rate: desk.data.vat_rate } : null,
    revalidate: useCallback(() => void revalidate(), [revalidate]),
  };
};
