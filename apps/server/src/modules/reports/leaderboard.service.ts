import { cutoffDates, cutoffOf, todayInManila } from '@ginhawa/contract';
import { sql } from 'drizzle-orm';
import type { Leaderboard, LeaderboardQuery } from '@ginhawa/contract';
import type { Db, Tx } from '../../db/client';
import { leaderboardVersion } from '../../db/schema/index';
import { keptPerVersion } from '../../lib/kept-per-version';
import { preparedOnce } from '../../lib/prepared';
import { publish } from '../../plugins/bus';
import { daysInWords, pesos } from '../../lib/notice-text';
import { notify, withdrawRecent } from '../notifications/index';
import type { AuthUser } from '../../lib/actor';
import { isManager, rowsOf } from '../sales/index';

/** The leaderboard (one SQL, shared by the API, the rank watch and the benchmark) and the rank watch. */

type LeaderboardRow = {
  rank: number;
  salesperson: number;
  salesperson_name: string;
  user_id: number | null;
  location: number;
  location_name: string;
  total: string;
  count: number;
  target: string;
  share_of_target: string | null;
};

/**
 * Ranked by net sales in the period; ties share a rank (rank() over), names break display ties.
 * Reads the per-day totals the triggers keep (sales_daily_totals), not the sale lines. A
 * location's board ranks the sales made AT that location, by the sale's location (decision 0509):
 * whoever sold there (a salesperson since moved elsewhere too, with that location's part only),
 * and its current active salespersons, at zero until they sell there. `location` in a row is
 * the salesperson's current location.
 */
export const leaderboardSql = (from: string, to: string, cutoff: number, locationId?: number) => {
  const factor = cutoff === 0 ? sql`1` : sql`0.5`;
  return sql`with t as (
      select s.salesperson_id, sum(s.total) as total, sum(s.count)::int as n
      from sales_daily_totals s
      where s.date between ${from}::date and ${to}::date ${locationId ? sql`and s.location_id = ${locationId}` : sql``}
      group by s.salesperson_id)
    select (rank() over (order by coalesce(t.total, 0) desc))::int as rank, e.id as salesperson,
      e.first_name || ' ' || e.last_name as salesperson_name, e.user_id, e.location_id as location, l.name as location_name,
      round(coalesce(t.total, 0), 2)::text as total, coalesce(t.n, 0)::int as count,
      round(coalesce(e.monthly_target, 0) * ${factor}, 2)::text as target,
      case when coalesce(e.monthly_target, 0) > 0 then round(coalesce(t.total, 0) * 100 / (e.monthly_target * ${factor}), 2)::text end as share_of_target
    from employees e
    join locations l on l.id = e.location_id
    left join t on t.salesperson_id = e.id
    where e.kind = 'salesperson'
      and (${locationId ? sql`e.is_active and e.location_id = ${locationId}` : sql`e.is_active`} or t.total is not null)
    order by 1, lower(e.last_name), lower(e.first_name), e.id`;
};

/** The leaderboard inputs' version (migration 0009), read before every leaderboard. */
const leaderboardVersionStatement = preparedOnce('leaderboard_version', (db, name) =>
  db.select({ version: leaderboardVersion.version }).from(leaderboardVersion).prepare(name),
);

/** The board as kept: every entry with its salesperson's user, so each reader's own target can be shown. */
type KeptBoard = Omit<Leaderboard, 'results'> & {
  results: (Leaderboard['results'][number] & { target: string; user_id: number | null })[];
};

/** Boards kept per database: one per year, month, cutoff and location asked for; the oldest goes first past this many. */
const LEADERBOARDS_KEPT = 64;
const keptBoards = keptPerVersion<KeptBoard>(LEADERBOARDS_KEPT);

const computeLeaderboard = async (db: Db, query: LeaderboardQuery): Promise<KeptBoard> => {
  const { from, to } = cutoffDates(query.year, query.month, query.cutoff);
  const rows = await rowsOf<LeaderboardRow>(db, leaderboardSql(from, to, query.cutoff, query.location));
  return {
    month: query.month,
    year: query.year,
    cutoff: query.cutoff,
    date_from: from,
    date_to: to,
    results: rows.map((r) => ({
      ...r,
      user_id: r.user_id === null ? null : Number(r.user_id),
      rank: Number(r.rank),
      salesperson: Number(r.salesperson),
      location: Number(r.location),
      count: Number(r.count),
    })),
  };
};

/**
 * Targets are the salesperson's and their managers' business (decision 0710): Admins and Managers
 * see everyone's; anyone else sees their own target and share of it, and null for everyone else.
 * Applied per request to a copy, never to the kept board, which every reader shares.
 */
const boardFor = (viewer: AuthUser, board: KeptBoard): Leaderboard => {
  const everyone = isManager(viewer);
  return {
    ...board,
    results: board.results.map(({ user_id: userId, ...r }) =>
      everyone || userId === viewer.id ? { ...r } : { ...r, target: null, share_of_target: null },
    ),
  };
};

/**
 * The board everyone watches: after a sale every open dashboard asks for it again at once, so it
 * is computed once per change and kept while the version of its inputs (sales_daily_totals,
 * employees, locations) is unchanged (decision 0502). The same for every reader (any signed-in
 * user may read any location's board) but for the targets, masked per reader on the way out.
 */
export const leaderboard = async (db: Db, viewer: AuthUser, query: LeaderboardQuery): Promise<Leaderboard> => {
  const [current] = await leaderboardVersionStatement(db).execute();
  if (!current) return boardFor(viewer, await computeLeaderboard(db, query));
  const board = await keptBoards(
    db,
    `${query.year}-${query.month}-${query.cutoff}-${query.location ?? 'all'}`,
    current.version,
    () => computeLeaderboard(db, query),
  );
  return boardFor(viewer, board);
};

/** A salesperson hears of their rank at most once a minute: a newer move replaces the notice. */
const RANK_NOTICE_WINDOW_SECONDS = 60;

/**
 * Tells one salesperson their new rank. Notices of the same period sent in the last minute are
 * withdrawn and folded into this one, which keeps the rank the first of them started from: a
 * burst of sales says "now #2 (was #5)" once instead of five times, and nothing when the burst
 * ends where it began.
 */
const tellRank = async (
  tx: Tx,
  actorId: number,
  userId: number,
  row: LeaderboardRow,
  previous: number | null,
  period: { from: string; to: string },
) => {
  const earlier = await withdrawRecent(tx, {
    recipient: userId,
    type: 'leaderboard_rank',
    withinSeconds: RANK_NOTICE_WINDOW_SECONDS,
    match: { date_from: period.from, date_to: period.to },
  });
  const first = earlier[0]?.previous_rank;
  const was = earlier.length ? (typeof first === 'number' ? first : null) : previous;
  const rank = Number(row.rank);
  if (was === rank) return;
  await notify(tx, {
    recipients: [userId],
    actorId,
    type: 'leaderboard_rank',
    title: 'Leaderboard',
    message: `You are now #${rank} for ${daysInWords(period.from, period.to)}${was === null ? '' : ` (was #${was})`}, with ${pesos(row.total)} in net sales.`,
    // The salesperson's own leaderboard is on their dashboard; /admin/* is for Admins only.
    link: '/dashboard',
    data: { rank, previous_rank: was, date_from: period.from, date_to: period.to },
  });
};

/** The advisory lock that serialises writers of the current cutoff's sales (beside db/client.ts's migration lock, 727_274_001). */
const RANK_WATCH_LOCK = 727_274_002;

/**
 * Waits for, then holds until commit, the rank watch's lock (re-entrant within a transaction).
 * Whatever locks sale lines takes it first (lockSales): a transaction must never hold sale rows
 * while waiting for it, or a parent delete's foreign-key check on those rows could close a cycle
 * with the sale that holds it (decision 0500).
 */
export const holdRankWatch = async (tx: Tx) => {
  await tx.execute(sql`select pg_advisory_xact_lock(${RANK_WATCH_LOCK})`);
};

/**
 * Runs a change to sale lines and then, when it touched the current cutoff, tells each
 * salesperson whose rank moved (one notification each, however many lines changed) and every
 * open socket that the period's figures changed (bus event `sales` → `leaderboard_changed`).
 * Every writer of sale lines goes through it: the sales module's recordSale and its deletions
 * run inside it (handed in by reports.module.ts), so the leaderboard moves for all of them.
 */
export const changeSalesWatchingRanks = async <T>(
  tx: Tx,
  actorId: number,
  dates: string[],
  change: () => Promise<T>,
): Promise<T> => {
  const today = todayInManila();
  const cutoff = cutoffOf(today);
  const current = cutoffDates(Number(today.slice(0, 4)), Number(today.slice(5, 7)), cutoff);
  const touchesCurrent = dates.some((d) => d >= current.from && d <= current.to);
  const ranks = async () =>
    new Map(
      (await rowsOf<LeaderboardRow>(tx, leaderboardSql(current.from, current.to, cutoff))).map((r) => [
        Number(r.salesperson),
        r,
      ]),
    );
  // One writer of the current cutoff at a time, from its "before" to its commit: a second one
  // waits here and then reads a board that includes the first, so every notice starts from the
  // rank its reader last heard. Held until commit (decision 0500 has the lock order).
  if (touchesCurrent) await holdRankWatch(tx);
  const before = touchesCurrent ? await ranks() : undefined;
  const result = await change();
  if (before) {
    const after = await ranks();
    for (const [id, row] of after) {
      const was = before.get(id);
      if (!row.user_id || (was && Number(was.rank) === Number(row.rank))) continue;
      await tellRank(tx, actorId, Number(row.user_id), row, was ? Number(was.rank) : null, current);
    }
  }
  const months = new Map<string, string[]>();
  for (const d of new Set(dates)) months.set(d.slice(0, 7), [...(months.get(d.slice(0, 7)) ?? []), d]);
  for (const [ym, days] of months)
    await publish(tx, {
      t: 'sales',
      year: Number(ym.slice(0, 4)),
      month: Number(ym.slice(5, 7)),
      dates: days.sort().slice(0, 31),
    });
  return result;
};
