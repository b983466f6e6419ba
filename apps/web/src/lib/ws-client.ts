import {
  WS_PING_INTERVAL_MS,
  WS_RECONNECT_DELAY_MS,
  type WsClientMessage,
  type WsServerMessage,
} from '@ginhawa/contract';

type Listener = (message: WsServerMessage) => void;
type StatusListener = (connected: boolean) => void;

export type LiveClientOptions = {
  url?: string;
  /** Injected in tests. */
  createSocket?: (url: string) => WebSocket;
  pingIntervalMs?: number;
  reconnectDelayMs?: number;
  log?: (message: string) => void;
};

const defaultUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws/notifications/`;

/**
 * The live notification channel (docs/product.md §7): one socket per signed-in session, `ping` every
 * 30 s, reopened 5 s after it closes while `open()` is in force; sends while not connected are
 * logged and dropped; `close()` (logout) stops reconnecting.
 */
export const createLiveClient = (options: LiveClientOptions = {}) => {
  const listeners = new Set<Listener>();
  const statusListeners = new Set<StatusListener>();
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  const log = options.log ?? ((message: string) => console.warn(message));
  let socket: WebSocket | null = null;
  let wanted = false;
  let ping: ReturnType<typeof setInterval> | undefined;
  let reconnect: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (connected: boolean) => statusListeners.forEach((l) => l(connected));

  const connect = () => {
    if (!wanted) return;
    const ws = create(options.url ?? defaultUrl());
    socket = ws;
    ws.onopen = () => {
      setStatus(true);
      ping = setInterval(() => send({ action: 'ping' }), options.pingIntervalMs ?? WS_PING_INTERVAL_MS);
    };
    ws.onmessage = (event: MessageEvent) => {
      let message: WsServerMessage;
      try {
        message = JSON.parse(String(event.data)) as WsServerMessage;
      } catch {
        log('live channel: ignored a frame that is not JSON');
        return;
      }
      listeners.forEach((l) => l(message));
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      clearInterval(ping);
      setStatus(false);
      if (wanted) reconnect = setTimeout(connect, options.reconnectDelayMs ?? WS_RECONNECT_DELAY_MS);
    };
  };

  function send(message: WsClientMessage) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      log(`live channel not connected: dropped "${message.action}"`);
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
  }

  return {
    open: () => {
      if (wanted) return;
      wanted = true;
      connect();
    },
    close: () => {
      wanted = false;
      clearTimeout(reconnect);
      clearInterval(ping);
      const ws = socket;
      socket = null;
      ws?.close(1000, 'Signed out');
    },
    send,
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onStatus: (listener: StatusListener) => {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    isConnected: () => socket?.readyState === WebSocket.OPEN,
  };
};
export type LiveClient = ReturnType<typeof createLiveClient>;
