import type { WsClientMessage, WsServerMessage } from '@ginhawa/contract';
import type { LiveClient } from '../lib/ws-client';

/** A LiveClient that records what the screen sends and lets the test play the server. */
export const createFakeLiveClient = () => {
  const listeners = new Set<(m: WsServerMessage) => void>();
  const statusListeners = new Set<(c: boolean) => void>();
  const sent: WsClientMessage[] = [];
  let open = false;
  const client: LiveClient = {
    open: () => {
      open = true;
      statusListeners.forEach((l) => l(true));
    },
    close: () => {
      open = false;
      statusListeners.forEach((l) => l(false));
    },
    send: (message) => {
      sent.push(message);
      return open;
    },
    subscribe: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    onStatus: (l) => {
      statusListeners.add(l);
      return () => void statusListeners.delete(l);
    },
    isConnected: () => open,
  };
  return { client, sent, emit: (m: WsServerMessage) => listeners.forEach((l) => l(m)), isOpen: () => open };
};
