import net from 'node:net';

/** What the proxy does with a chunk the app sends to PostgreSQL: forward it, hold it back, or cut the connection. */
export type ProxyVerdict = 'pass' | 'hold' | 'cut';

/**
 * Stands between the app and PostgreSQL, so a test can take the database "down" for this app
 * alone (refuse new connections, cut open ones) without root and without touching other suites'
 * databases, the way a restart looks from the app's side. `setRule` decides what happens to what
 * the app sends: held chunks (a connection or a statement left in flight) wait for `release`, and
 * everything after them on that connection waits too; a cut ends the connection at that chunk.
 */
export const startProxy = async (target: URL) => {
  const open = new Set<net.Socket>();
  const releases = new Set<() => void>();
  let rule: (chunk: Buffer) => ProxyVerdict = () => 'pass';
  let server: net.Server | undefined;
  let port = 0;

  const pair = (client: net.Socket) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    open.add(client);
    open.add(upstream);
    let held: Buffer[] | undefined;
    const release = () => {
      releases.delete(release);
      for (const chunk of held ?? []) upstream.write(chunk);
      held = undefined;
    };
    const end = () => {
      releases.delete(release);
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.on('data', (chunk: Buffer) => {
      if (held) return void held.push(chunk);
      const verdict = rule(chunk);
      if (verdict === 'cut') return end();
      if (verdict === 'pass') return void upstream.write(chunk);
      held = [chunk];
      releases.add(release);
    });
    // The app hung up: pass it on (PostgreSQL then closes its side), unless its words are held back.
    client.on('end', () => (held ? end() : upstream.end()));
    upstream.pipe(client);
  };

  const up = async () => {
    const s = net.createServer(pair);
    await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve));
    port = (s.address() as net.AddressInfo).port;
    server = s;
  };
  const down = async () => {
    const s = server;
    server = undefined;
    for (const socket of open) socket.destroy();
    open.clear();
    await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
  };
  await up();
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    up,
    down,
    setRule: (next: (chunk: Buffer) => ProxyVerdict) => {
      rule = next;
    },
    /** Connections with something held back. */
    holding: () => releases.size,
    /** Connections through the proxy still open (each is two sockets). */
    connections: () => open.size / 2,
    /** Forwards what was held and passes everything from now on. */
    release: () => {
      rule = () => 'pass';
      for (const release of [...releases]) release();
    },
  };
};
export type PgProxy = Awaited<ReturnType<typeof startProxy>>;
