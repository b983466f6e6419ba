import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveClient } from './ws-client';

class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.onclose?.();
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverDrops() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const setup = () => {
  const log = vi.fn();
  const client = createLiveClient({
    url: 'ws://x/ws/notifications/',
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    log,
  });
  return { client, log };
};

describe('live client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pings every 30 s once open', () => {
    const { client } = setup();
    client.open();
    FakeSocket.instances[0]!.serverOpens();
    vi.advanceTimersByTime(30_000);
    expect(FakeSocket.instances[0]!.sent).toEqual(['{"action":"ping"}']);
    vi.advanceTimersByTime(30_000);
    expect(FakeSocket.instances[0]!.sent).toHaveLength(2);
  });

  it('reopens 5 s after the socket closes, and not after close()', () => {
    const { client } = setup();
    client.open();
    FakeSocket.instances[0]!.serverOpens();
    FakeSocket.instances[0]!.serverDrops();
    vi.advanceTimersByTime(4_999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    client.close();
    expect(FakeSocket.instances[1]!.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('logs and drops sends while not connected', () => {
    const { client, log } = setup();
    expect(client.send({ action: 'mark_all_notifications_as_read' })).toBe(false);
    expect(log).toHaveBeenCalledWith('live channel not connected: dropped "mark_all_notifications_as_read"');
    client.open();
    expect(client.send({ action: 'ping' })).toBe(false);
    FakeSocket.instances[0]!.serverOpens();
    expect(client.send({ action: 'mark_notification_as_read', notificationId: 4 })).toBe(true);
    expect(FakeSocket.instances[0]!.sent).toEqual(['{"action":"mark_notification_as_read","notificationId":4}']);
  });

  it('hands parsed messages to subscribers and ignores garbage', () => {
    const { client, log } = setup();
    const seen: unknown[] = [];
    client.subscribe((m) => seen.push(m));
    client.open();
    FakeSocket.instances[0]!.onmessage?.({ data: '{"action":"pong"}' });
    FakeSocket.instances[0]!.onmessage?.({ data: 'nope' });
    expect(seen).toEqual([{ action: 'pong' }]);
    expect(log).toHaveBeenCalledWith('live channel: ignored a frame that is not JSON');
  });
});
