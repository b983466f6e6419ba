import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { boardQuerySchema, boardReadSchema, type Board } from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { floorBoardVersion, locations } from '../../db/schema/index';
import { iso } from '../../lib/iso';
import { keptPromises } from '../../lib/kept-per-version';
import { preparedOnce } from '../../lib/prepared';
import type { AuthUser } from '../../lib/actor';
import type { AlongSession } from '../../plugins/auth';
import { computeBoard, endOfManilaDay } from './board.service';
import { floorAccess, floorClock, floorToday } from './floor-shared.service';

/**
 * The board kept per version of its inputs (docs/decisions/0904-floor-board-kept-per-version.md):
 * every open board of a branch asks for it again at once after each change, and each answer is
 * about 200 KB of JSON; it is computed and serialised once per change and per moment a service
 * starts or ends, then served as those bytes, or as `304 Not Modified` to a caller that has them
 * (decision 1060).
 */

/** The branch with the versions of what its board reads (migration 0019), in one prepared read. */
const versionStatement = preparedOnce('floor_board_version', (db, statementName) => {
  const names = alias(floorBoardVersion, 'floor_names_version');
  return db
    .select({
      id: locations.id,
      name: locations.name,
      versions: sql<string>`coalesce(${floorBoardVersion.version}, 0) || '.' || coalesce(${names.version}, 0)`,
    })
    .from(locations)
    .leftJoin(floorBoardVersion, eq(floorBoardVersion.locationId, locations.id))
    .leftJoin(names, eq(names.locationId, 0))
    .where(eq(locations.id, sql.placeholder('location')))
    .prepare(statementName);
});

type VersionRow = { id: number; name: string; versions: string };

/**
 * The same row read in the session lookup's own statement (decision 0823), for
 * `GET /api/floor/board/`'s `alongSession`: one round trip where there were two. Undefined when
 * the query is not a board's (the route refuses it after validation).
 */
const versionAlongSql = sql`select l.id, l.name,
    coalesce(v.version, 0) || '.' || coalesce(n.version, 0) as versions
  from locations l
  left join floor_board_version v on v.location_id = l.id
  left join floor_board_version n on n.location_id = 0
  where l.id = ${sql.placeholder('boardLocation')}`;
export const boardVersionAlong = (request: FastifyRequest): AlongSession | undefined => {
  const query = boardQuerySchema.safeParse(request.query);
  return query.success
    ? { name: 'floor_board_version', query: versionAlongSql, params: { boardLocation: query.data.location } }
    : undefined;
};

/**
 * A board as kept: the object, and its JSON without `now` as the route's serialiser writes it, with
 * a strong ETag of those bytes (decision 1060). It holds from `builtAt` until `until`: the first
 * start or end of a booking after it was read, or the end of the Manila day, whichever is first
 * (its states change by time then).
 */
type KeptBoard = {
  board: Omit<Board, 'now'>;
  body: Buffer;
  etag: string;
  builtAt: number;
  until: number;
  gzip?: Buffer;
};
type Tag = { versions: string; until: number };

/** Boards kept per database: a branch and day each; the oldest goes first past this many. */
const BOARDS_KEPT = 32;
const keep = keptPromises<KeptBoard, Tag>(BOARDS_KEPT);

const keepable = ({ now: _now, ...board }: Board, now: Date): KeptBoard => {
  // What fastify-type-provider-zod's serializer sends (z.safeEncode, then JSON.stringify), once.
  const body = Buffer.from(JSON.stringify(z.encode(boardReadSchema, board)));
  const next = board.next_change_at ? Date.parse(board.next_change_at) : Infinity;
  return {
    board,
    body,
    // A hash of the bytes: the same board has the same tag on every instance and after a restart,
    // and any change of the bytes (a change of the book, a state by time) changes it.
    etag: createHash('sha256').update(body).digest('base64url').slice(0, 32),
    builtAt: now.getTime(),
    until: Math.min(next, endOfManilaDay(now).getTime()),
  };
};

/**
 * The kept board for `now`, computing it when the versions moved, its time ran out or the Manila
 * day turned. Requests that arrive while it is computed share the computation.
 */
const keptBoard = async (
  db: Db,
  user: AuthUser,
  locationId: number,
  date: string | undefined,
  /** The version row already read beside the session (null: no such location), else read here. */
  along?: Record<string, unknown> | null,
) => {
  const [row] =
    along === undefined
      ? await versionStatement(db).execute({ location: locationId })
      : [(along ?? undefined) as VersionRow | undefined];
  const location = floorAccess(row, user, locationId, 'board');
  const now = floorClock.now();
  const t = now.getTime();
  const today = floorToday(now);
  const day = date ?? today;
  const tag: Tag = { versions: location.versions, until: Infinity };
  const kept = await keep(
    db,
    `${locationId}|${day}|${today}`,
    (entry) => entry.tag.versions === tag.versions && t < entry.tag.until,
    tag,
    async () => {
      const fresh = keepable(await computeBoard(db, location, now, day), now);
      tag.until = fresh.until;
      return fresh;
    },
  );
  // A computation shared with a request that read the clock on the other side of a change.
  if (t >= kept.builtAt && t < kept.until) return { kept, now };
  return { kept: keepable(await computeBoard(db, location, now, day), now), now };
};

/** The board as an object (the rotation routes answer it after a change). */
export const getBoard = async (db: Db, user: AuthUser, locationId: number, date?: string): Promise<Board> => {
  const { kept, now } = await keptBoard(db, user, locationId, date);
  return { ...kept.board, now: iso(now) };
};

/** A board read's answer: its bytes, their strong ETag (quoted) and the server's clock. */
export type BoardReadAnswer = { body: Buffer; etag: string; now: string };

/**
 * The board as `GET /api/floor/board/` sends it (decision 1060): the JSON without `now`, gzipped
 * when the caller accepts it (once per kept board, decision 0822), with a strong ETag per kept
 * board and encoding (a gzipped and a plain body are two representations, RFC 9110 §8.8.3), and
 * `now` apart for the `Board-Now` header.
 */
export const getBoardRead = async (
  db: Db,
  user: AuthUser,
  locationId: number,
  date: string | undefined,
  gzip: boolean,
  along?: Record<string, unknown> | null,
): Promise<BoardReadAnswer> => {
  const { kept, now } = await keptBoard(db, user, locationId, date, along);
  if (!gzip) return { body: kept.body, etag: `"${kept.etag}"`, now: iso(now) };
  kept.gzip ??= gzipSync(kept.body);
  return { body: kept.gzip, etag: `"${kept.etag}-gzip"`, now: iso(now) };
};
