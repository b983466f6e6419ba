import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NIGHTLY_BACKUPS_KEPT, POSTGRES_BACKUPS_MESSAGE, backupListSchema, backupSchema } from '@ginhawa/contract';
import { auditLog } from '../../db/schema/index';
import { ROLE_CREDENTIALS, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { ROLES, adminOnly, type Role } from '../../test/role-matrix';
import { backupFileName, backupsDirOf, backupsService } from './backups.service';
import { scheduleNightlyBackups } from './backups.nightly';

/**
 * Backups over the API (decision 0700), on an embedded database whatever the run: backups are
 * what only it does. On PostgreSQL runs (TEST_DATABASE_URL) the same calls on a PostgreSQL app
 * are the clear 409 refusal (pg_dump makes those backups); on PGlite runs the service is asked
 * with a PostgreSQL database's kind and must refuse the same way.
 */

let ctx: TestContext;
let dataDir: string;
const agents = {} as Record<Exclude<Role, 'anonymous'>, Agent>;

const signIn = async (app: FastifyInstance) => {
  const signed = {} as Record<Exclude<Role, 'anonymous'>, Agent>;
  for (const role of ROLES) {
    if (role === 'anonymous') continue;
    const [username, password] = ROLE_CREDENTIALS[role];
    signed[role] = await login(app, username, password);
  }
  return signed;
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-backups-'));
  ctx = await buildTestApp({ DATA_DIR: dataDir }, { embedded: true });
  Object.assign(agents, await signIn(ctx.app));
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Call = { method: 'GET' | 'POST'; url: string };
const callAs = (app: FastifyInstance, signed: typeof agents, role: Role, opts: Call) =>
  role === 'anonymous' ? app.inject(opts) : signed[role].request(opts);
const backupsDir = () => backupsDirOf(dataDir);
const filesInDir = () => (fs.existsSync(backupsDir()) ? fs.readdirSync(backupsDir()).sort() : []);
const auditRows = (action: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tableName, 'backups'), eq(auditLog.action, action)));

const CALLS: { call: Call; admin: number }[] = [
  { call: { method: 'POST', url: '/api/backups/' }, admin: 201 },
  { call: { method: 'GET', url: '/api/backups/' }, admin: 200 },
  { call: { method: 'GET', url: '/api/backups/1/download/' }, admin: 200 },
];

describe('backups: who may call', () => {
  it('Admin only (201, 200, 200): every other group 403, anonymous 401, and nothing is made for them', async () => {
    for (const { call, admin } of CALLS) {
      const expected = adminOnly(admin);
      // The Admin last, so the refusals come first and the download finds the Admin's backup.
      for (const role of [...ROLES].reverse()) {
        const res = await callAs(ctx.app, agents, role, call);
        expect(res.statusCode, `${role} ${call.method} ${call.url}: ${res.body.slice(0, 200)}`).toBe(expected[role]);
      }
    }
    expect(filesInDir()).toHaveLength(1);
  });

  it("on PostgreSQL every call is refused with a clear sentence (409): pg_dump makes that database's backups", async () => {
    if (process.env.TEST_DATABASE_URL) {
      const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-backups-pg-'));
      const pg = await buildTestApp({ DATA_DIR: pgDir });
      try {
        expect(pg.database.kind).toBe('postgres');
        const signed = await signIn(pg.app);
        for (const { call } of CALLS) {
          const expected = adminOnly(409);
          for (const role of ROLES) {
            const res = await callAs(pg.app, signed, role, call);
            expect(res.statusCode, `${role} ${call.method} ${call.url}`).toBe(expected[role]);
            if (role === 'Admin') expect(res.json()).toEqual({ message: POSTGRES_BACKUPS_MESSAGE });
          }
        }
        await expect(backupsService.nightlyBackup(pg.database, pgDir)).rejects.toThrow(POSTGRES_BACKUPS_MESSAGE);
        expect(fs.readdirSync(pgDir)).toEqual([]);
      } finally {
        await pg.close();
        fs.rmSync(pgDir, { recursive: true, force: true });
      }
      return;
    }
    const postgres = { ...ctx.database, kind: 'postgres' as const, pglite: undefined };
    const refusal = { statusCode: 409, message: POSTGRES_BACKUPS_MESSAGE };
    await expect(backupsService.list(postgres, dataDir)).rejects.toMatchObject(refusal);
    await expect(backupsService.create(postgres, dataDir, { kind: 'manual', actorId: 1 })).rejects.toMatchObject(
      refusal,
    );
    await expect(backupsService.openDownload(postgres, dataDir, 1, 1)).rejects.toMatchObject(refusal);
    await expect(backupsService.nightlyBackup(postgres, dataDir)).rejects.toMatchObject(refusal);
    expect(filesInDir()).toHaveLength(1);
  });
});

describe('backups of the embedded database', () => {
  it('POST makes a file under DATA_DIR/backups and answers it (201), audited', async () => {
    const before = Date.now();
    const res = await agents.Admin.request({ method: 'POST', url: '/api/backups/' });
    expect(res.statusCode, res.body).toBe(201);
    const backup = backupSchema.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(['created_at', 'file_name', 'id', 'kind', 'size']);
    expect(backup.kind).toBe('manual');
    expect(backup.file_name).toMatch(/^ginhawa-\d{4}-\d{8}-\d{6}-manual\.tar\.gz$/);
    const file = path.join(backupsDir(), backup.file_name);
    expect(fs.statSync(file).size).toBe(backup.size);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    // A gzipped tar of PGlite's data directory: PG_VERSION is in it.
    expect(zlib.gunzipSync(fs.readFileSync(file)).includes(Buffer.from('PG_VERSION'))).toBe(true);
    // Seconds in the name, so within the second it was made.
    expect(Date.parse(backup.created_at)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(backup.created_at)).toBeLessThanOrEqual(Date.now());
    const audited = (await auditRows('create')).find((r) => r.rowId === String(backup.id));
    expect(audited?.actorId).toBe(ctx.userIds.admin);
    expect(audited?.after).toEqual(backup);
  });

  it('GET lists every backup, newest first, with its size as on disk; files it did not write are not listed', async () => {
    fs.writeFileSync(path.join(backupsDir(), 'notes.txt'), 'mine');
    fs.writeFileSync(path.join(backupsDir(), `${backupFileName(90, 'manual', new Date())}.partial`), 'half');
    fs.writeFileSync(path.join(backupsDir(), 'ginhawa-../../secret_key.tar.gz'.replace(/\//g, '_')), 'x');
    const res = await agents.Admin.request({ method: 'GET', url: '/api/backups/' });
    expect(res.statusCode).toBe(200);
    const list = backupListSchema.parse(res.json());
    expect(list.map((b) => b.id)).toEqual([2, 1]);
    for (const backup of list) {
      expect(backup.size).toBe(fs.statSync(path.join(backupsDir(), backup.file_name)).size);
      expect(backup.size).toBeGreaterThan(1000);
    }
    expect(Date.parse(list[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(list[1]!.created_at));
  });

  it('a download is the file itself: its bytes, gzip, an attachment named after it; audited', async () => {
    const [newest] = backupListSchema.parse(
      (await agents.Admin.request({ method: 'GET', url: '/api/backups/' })).json(),
    );
    const res = await agents.Admin.request({ method: 'GET', url: `/api/backups/${newest!.id}/download/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${newest!.file_name}"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Number(res.headers['content-length'])).toBe(newest!.size);
    expect(res.rawPayload.length).toBe(newest!.size);
    expect(res.rawPayload.equals(fs.readFileSync(path.join(backupsDir(), newest!.file_name)))).toBe(true);
    expect((await auditRows('download')).map((r) => [r.actorId, r.rowId])).toContainEqual([
      ctx.userIds.admin,
      String(newest!.id),
    ]);
  });

  it('an unknown id is 404; anything but a plain id is 400, so no path reaches the disk', async () => {
    const unknown = await agents.Admin.request({ method: 'GET', url: '/api/backups/999/download/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No such backup.' });
    for (const id of ['..%2F..%2Fsecret_key', '..%5Csecret_key', 'ginhawa-0001', '0x1', '01', '1e1', '-1']) {
      const res = await agents.Admin.request({ method: 'GET', url: `/api/backups/${id}/download/` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().errors).toEqual({ id: ['Not a valid id.'] });
    }
    // Dot segments are resolved by the router before any route: no endpoint there.
    expect((await agents.Admin.request({ method: 'GET', url: '/api/backups/%2e%2e/download/' })).statusCode).toBe(404);
  });

  it('one backup at a time: a second asked for while one is being made is refused (409), the server keeps serving', async () => {
    const [first, second, read] = await Promise.all([
      agents.Admin.request({ method: 'POST', url: '/api/backups/' }),
      agents.Admin.request({ method: 'POST', url: '/api/backups/' }),
      agents.Manager.request({ method: 'GET', url: '/api/clients/?pageSize=5' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    expect([first, second].find((r) => r.statusCode === 409)!.json().message).toBe(
      'A backup is being made right now: it will be in the list in a moment.',
    );
    expect(read.statusCode).toBe(200);
    expect(read.json().count).toBeGreaterThan(0);
  });

  it(`the nightly run keeps the newest ${NIGHTLY_BACKUPS_KEPT} automatic backups; manual ones are never pruned`, async () => {
    fs.rmSync(backupsDir(), { recursive: true, force: true });
    fs.mkdirSync(backupsDir());
    const day = 24 * 60 * 60 * 1000;
    const start = Date.parse('2026-10-01T18:00:00Z');
    // Fifteen nights already (ids 1–15), a manual one made among them (id 16), a half-written leftover.
    for (let id = 1; id <= 15; id += 1)
      fs.writeFileSync(path.join(backupsDir(), backupFileName(id, 'automatic', new Date(start + id * day))), 'old');
    fs.writeFileSync(path.join(backupsDir(), backupFileName(16, 'manual', new Date(start + 3 * day))), 'manual');
    fs.writeFileSync(path.join(backupsDir(), `${backupFileName(17, 'automatic', new Date(start))}.partial`), 'half');

    const { backup, removed } = await backupsService.nightlyBackup(ctx.database, dataDir);
    expect(backup).toMatchObject({ id: 17, kind: 'automatic' });
    const list = await backupsService.list(ctx.database, dataDir);
    const automatic = list.filter((b) => b.kind === 'automatic').map((b) => b.id);
    expect(automatic).toEqual([17, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(automatic).toHaveLength(NIGHTLY_BACKUPS_KEPT);
    expect(list.filter((b) => b.kind === 'manual').map((b) => b.id)).toEqual([16]);
    expect(removed).toHaveLength(3);
    expect(filesInDir().filter((n) => n.endsWith('.partial'))).toEqual([]);
    expect((await auditRows('create')).find((r) => r.rowId === '17')?.actorId).toBeNull();
  });

  it('the nightly timer fires at 02:00 Manila, makes an automatic backup and arms itself again', async () => {
    // Only the nightly's long timer is caught; anything else keeps real timers.
    const timers: { fn: () => void; ms: number }[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      if ((ms ?? 0) < 60_000) return realSetTimeout(fn, ms);
      timers.push({ fn, ms: ms! });
      return { unref: () => undefined } as unknown as NodeJS.Timeout;
    }) as typeof setTimeout);
    const hooks: (() => Promise<void>)[] = [];
    const app = {
      deps: { ...ctx.app.deps, database: { ...ctx.database, dataDir: path.join(dataDir, 'pglite') } },
      log: { info: vi.fn(), error: vi.fn() },
      addHook: (_name: string, hook: () => Promise<void>) => hooks.push(hook),
    } as unknown as FastifyInstance;
    try {
      const before = (await backupsService.list(ctx.database, dataDir)).length;
      scheduleNightlyBackups(app);
      expect(timers).toHaveLength(1);
      expect(timers[0]!.ms).toBeGreaterThan(0);
      expect(timers[0]!.ms).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
      timers[0]!.fn();
      await vi.waitFor(() => expect(timers).toHaveLength(2), { timeout: 20_000 });
      const list = await backupsService.list(ctx.database, dataDir);
      expect(list[0]?.kind).toBe('automatic');
      expect(list.length).toBeLessThanOrEqual(before + 1);
      expect(app.log.error).not.toHaveBeenCalled();
      // The same night walks the invoicing journal (decision 1023).
      expect(app.log.info).toHaveBeenCalledWith({ entries: expect.any(Number) }, 'invoicing journal verified');
      expect(hooks).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the nightly moment', () => {
  it('is 02:00 in Manila (18:00 UTC), the next one after now', () => {
    const at = (s: string) => backupsService.msUntilNextNightly(new Date(s));
    expect(at('2026-11-25T17:59:00Z')).toBe(60_000);
    expect(at('2026-11-25T18:00:00Z')).toBe(24 * 60 * 60 * 1000);
    // 03:00 in Manila: the next is 23 hours away.
    expect(at('2026-11-25T19:00:00Z')).toBe(23 * 60 * 60 * 1000);
    // Just after midnight UTC (08:00 Manila).
    expect(at('2026-12-31T23:59:59Z')).toBe(18 * 60 * 60 * 1000 + 1000);
  });

  it('names files in Manila time', () => {
    expect(backupFileName(12, 'automatic', new Date('2026-11-24T18:00:00Z'))).toBe(
      'ginhawa-0012-20261125-020000-auto.tar.gz',
    );
    expect(backupFileName(3, 'manual', new Date('2026-12-31T16:30:05Z'))).toBe(
      'ginhawa-0003-20270101-003005-manual.tar.gz',
    );
  });
});
