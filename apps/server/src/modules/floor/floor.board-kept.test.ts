import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BOARD_NOW_HEADER, boardReadSchema, todayInManila, type Board } from '@ginhawa/contract';
import { signIn } from '../../test/agents';
import type { Agent, TestContext } from '../../test/build';
import { computeBoard } from './board.service';
import { floorClock } from './floor-shared.service';
import { at, get, instant, post, signInFloorPeople, startFloorTests, type FloorFixtures } from './floor.test-helpers';

/** The board kept per version of its inputs (docs/decisions/0904-floor-board-kept-per-version.md). */

let ctx: TestContext;
let desk: Agent;
let admin: Agent;
let f: FloorFixtures;
let T: number;

beforeAll(async () => {
  ({ ctx, f, desk, admin } = await startFloorTests('K'));
  T = f.therapists[0]!;
});
afterAll(async () => {
  await ctx?.close();
});

const boardRes = async () => {
  const res = await get(desk, `/api/floor/board/?location=${f.home}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
/** The board as the web puts it together: the body, and `now` from its header (decision 1060). */
const board = async (): Promise<Board> => {
  const res = await boardRes();
  return { ...(res.json() as Omit<Board, 'now'>), now: String(res.headers[BOARD_NOW_HEADER]) };
};
const conditional = (agent: Agent, location: number, etag: string, encoding?: string) =>
  agent.request({
    method: 'GET',
    url: `/api/floor/board/?location=${location}`,
    headers: { 'if-none-match': etag, ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });
const run = (query: string) => ctx.database.db.execute(sql.raw(query));
const rowsOf = async (query: string) => {
  const result = (await run(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
};
const version = async (location: number) =>
  Number((await rowsOf(`select version from floor_board_version where location_id = ${location}`))[0]?.version ?? 0);

describe('the floor board kept per version', () => {
  it('answers exactly the bytes the serialiser writes for the board computed afresh', async () => {
    const now = at('10:00');
    expect((await post(desk, '/api/floor/shifts/clock-in/', { employee: T, location: f.home })).statusCode).toBe(201);
    const assigned = await post(desk, '/api/floor/assign/', {
      client: f.clients[0],
      location: f.home,
      therapist: T,
      treatment: f.treatment.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    for (const second of [0, 1]) {
      const res = await boardRes();
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const [location] = await rowsOf(`select id, name from locations where id = ${f.home}`);
      const { now: _now, ...fresh } = await computeBoard(
        ctx.database.db,
        { id: f.home, name: String(location!.name) },
        floorClock.now(),
        todayInManila(),
      );
      expect(res.body, `read ${second}`).toBe(JSON.stringify(z.encode(boardReadSchema, fresh)));
    }
    expect((await board()).now).toBe(now.toISOString());
    // `now` (its header) moves with the clock while the rest is kept.
    const later = at('10:00', 30);
    expect((await board()).now).toBe(later.toISOString());
  });

  it('gzipped when asked (decision 0822): the same bytes, fewer of them, under a tag of their own', async () => {
    at('10:02');
    const plain = await boardRes();
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const seconds of [0, 7]) {
      const now = at('10:02', seconds);
      const res = await desk.request({
        method: 'GET',
        url: `/api/floor/board/?location=${f.home}`,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toContain('accept-encoding');
      const text = gunzipSync(res.rawPayload).toString('utf8');
      expect(text).toBe(plain.body);
      expect(res.headers[BOARD_NOW_HEADER]).toBe(now.toISOString());
      expect(res.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, '-gzip"'));
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    }
  });

  it('keeps the route documented: the OpenAPI document gives the board without `now` as the 200 answer', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ok = doc.paths['/api/floor/board/'].get.responses['200'].content['application/json'].schema;
    expect(ok.required).toEqual(expect.arrayContaining(['location', 'next_change_at', 'queue', 'rooms']));
    expect(ok.required).not.toContain('now');
  });

  it('a read between changes is a 304 with no body; after a change, a 200 with a new tag (decision 1060)', async () => {
    const now = at('10:03');
    const first = await boardRes();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    for (const seconds of [0, 20]) {
      const later = at('10:03', seconds);
      const same = await conditional(desk, f.home, etag);
      expect(same.statusCode).toBe(304);
      expect(same.rawPayload.length).toBe(0);
      expect(same.headers.etag).toBe(etag);
      expect(same.headers[BOARD_NOW_HEADER]).toBe(later.toISOString());
    }
    expect(now.getTime()).toBeLessThan(floorClock.now().getTime());
    // The gzipped body has its own tag: the plain one does not revalidate it, its own does.
    expect((await conditional(desk, f.home, etag, 'gzip')).statusCode).toBe(200);
    const gzipTag = etag.replace(/"$/, '-gzip"');
    expect((await conditional(desk, f.home, gzipTag, 'gzip')).statusCode).toBe(304);
    // A change of the book: the same tag now gets the whole new board.
    const other = f.therapists[1]!;
    const change = await post(desk, '/api/floor/shifts/clock-in/', { employee: other, location: f.home });
    expect(change.statusCode, change.body).toBe(201);
    const changed = await conditional(desk, f.home, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as Board).queue.map((q) => q.therapist)).toContain(other);
    expect((await conditional(desk, f.home, String(changed.headers.etag))).statusCode).toBe(304);
  });

  it('the tag is the board’s: the same for everyone at the branch, another for another branch, refused without access', async () => {
    at('10:04');
    const people = await signInFloorPeople(ctx, f);
    const mine = String((await boardRes()).headers.etag);
    const managers = await get(people.manager, `/api/floor/board/?location=${f.home}`);
    expect(managers.statusCode, managers.body).toBe(200);
    expect(managers.headers.etag).toBe(mine);
    expect((await conditional(people.manager, f.home, mine)).statusCode).toBe(304);
    const foreign = await get(admin, `/api/floor/board/?location=${f.foreign}`);
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.headers.etag).not.toBe(mine);
    expect((await conditional(admin, f.foreign, mine)).statusCode).toBe(200);
    // A caller who may not see the branch learns nothing from a tag: 403, not 304.
    expect((await conditional(people.outsider, f.home, mine)).statusCode).toBe(403);
  });

  it('a service ends by the clock alone: kept until its end, then computed again', async () => {
    const ends = new Date(instant('10:00').getTime() + f.treatment.minutes * 60_000);
    at('10:01');
    const during = await board();
    expect(during.queue.find((q) => q.therapist === T)!.state).toBe('in_service');
    expect(during.next_change_at).toBe(ends.toISOString());
    floorClock.now = () => new Date(ends.getTime() - 1);
    expect((await board()).queue.find((q) => q.therapist === T)!.state).toBe('in_service');
    floorClock.now = () => ends;
    const after = await board();
    expect(after.queue.find((q) => q.therapist === T)!.state).toBe('available');
    expect(after.rooms.every((r) => r.occupied.length === 0)).toBe(true);
  });

  it('a client renamed through the clients API shows at once; with the version trigger off, the kept name stays', async () => {
    at('11:05');
    const reserved = await post(desk, '/api/floor/reservations/', {
      client: f.clients[1],
      location: f.home,
      date: todayInManila(),
      treatment: f.treatment.id,
      time: '15:00',
    });
    expect(reserved.statusCode, reserved.body).toBe(201);
    const renamed = (first: string) =>
      admin.request({ method: 'PATCH', url: `/api/clients/${f.clients[1]}/`, payload: { first_name: first } });
    const nameOnBoard = async () => (await board()).reservations.find((r) => r.client === f.clients[1])!.client_name;
    expect((await renamed('Kept')).statusCode).toBe(200);
    expect(await nameOnBoard()).toMatch(/^Kept /);
    // Proof the board is kept: a rename the version never hears of is not seen...
    await run('alter table clients disable trigger floor_board_version_clients');
    expect((await renamed('Unheard')).statusCode).toBe(200);
    expect(await nameOnBoard()).toMatch(/^Kept /);
    await run('alter table clients enable always trigger floor_board_version_clients');
    // ...until the version moves.
    expect((await renamed('Heard')).statusCode).toBe(200);
    expect(await nameOnBoard()).toMatch(/^Heard /);
  });

  // One row of each table the board reads, changed in place: the branch's version (or the names') moves by one.
  const branchTables = ['floor_queue', 'floor_bookings', 'floor_reservations', 'shifts', 'rooms', 'client_arrivals'];
  it.each(branchTables)('a change to %s raises its branch’s version once per transaction, at commit', async (table) => {
    const [row] = await rowsOf(`select location_id from ${table} order by location_id desc limit 1`);
    expect(row, `a row of ${table}`).toBeDefined();
    const location = Number(row!.location_id);
    const before = await version(location);
    const touch = `update ${table} set location_id = location_id where location_id = ${location}`;
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(touch));
      await tx.execute(sql.raw(touch));
      // Deferred to commit: not yet raised inside the transaction.
      const [inside] = (
        (await tx.execute(
          sql.raw(`select version from floor_board_version where location_id = ${location}`),
        )) as unknown as {
          rows: { version: unknown }[];
        }
      ).rows;
      expect(Number(inside?.version ?? 0)).toBe(before);
    });
    expect(await version(location)).toBe(before + 1);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(touch));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version(location)).toBe(before + 1);
  });

  const nameColumns = [
    ['clients', 'first_name'],
    ['employees', 'last_name'],
    ['treatments', 'name'],
    ['users', 'username'],
    ['locations', 'name'],
  ] as const;
  it.each(nameColumns)('a rename in %s raises the names version', async (table, column) => {
    const before = await version(0);
    await run(`update ${table} set ${column} = ${column} where id = (select min(id) from ${table})`);
    expect(await version(0)).toBe(before + 1);
  });

  it('a change to a name table that the board does not show leaves the names version alone', async () => {
    const before = await version(0);
    await run(`update users set last_login = now() where id = (select min(id) from users)`);
    expect(await version(0)).toBe(before);
  });

  it('a board change through the API is on the next read (a break)', async () => {
    at('11:10');
    expect((await board()).queue.find((q) => q.therapist === T)!.state).toBe('available');
    const res = await post(desk, '/api/floor/rotation/break/', { location: f.home, therapist: T, on_break: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await board()).queue.find((q) => q.therapist === T)!.state).toBe('on_break');
  });
  it('a kept board costs one statement: the session and the board versions together (decision 0823)', async () => {
    at('11:20');
    const first = (await boardRes()).body;
    expect(Object.keys(JSON.parse(first) as Board)).not.toContain('now');
    // PGlite's client or PostgreSQL's pool: every statement drizzle sends outside a transaction.
    const query = ctx.database.pglite ? vi.spyOn(ctx.database.pglite, 'query') : vi.spyOn(ctx.database.pool!, 'query');
    try {
      expect((await boardRes()).body).toBe(first);
      const texts = query.mock.calls.map(([q]: unknown[]) =>
        typeof q === 'string' ? q : String((q as { text?: string }).text),
      );
      expect(texts.map((text) => text.includes('row_to_json(along)'))).toEqual([true]);
    } finally {
      query.mockRestore();
    }
    // Another branch's board, a branch that does not exist and a bad query are refused as before.
    const [elsewhere] = await rowsOf(
      "insert into locations (name, opening_time, closing_time) values ('K elsewhere', '08:00', '20:00') returning id",
    );
    expect((await get(desk, `/api/floor/board/?location=${Number(elsewhere!.id)}`)).statusCode).toBe(403);
    expect((await get(desk, '/api/floor/board/?location=999999')).statusCode).toBe(404);
    expect((await get(desk, '/api/floor/board/?location=abc')).statusCode).toBe(400);
  });
  it('another instance on the same database sees a change made through this one on its next read', async () => {
    const peer = await ctx.buildPeer();
    try {
      const peerDesk = await signIn(peer.app, 'receptionist');
      const state = async () => {
        const res = await get(peerDesk, `/api/floor/board/?location=${f.home}`);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as Omit<Board, 'now'>).queue.find((q) => q.therapist === T)!.state;
      };
      expect(await state()).toBe('on_break');
      const res = await post(desk, '/api/floor/rotation/break/', { location: f.home, therapist: T, on_break: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(await state()).toBe('available');
    } finally {
      await peer.close();
    }
  });
});
