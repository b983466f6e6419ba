import type { Tx } from '../../db/client';

/**
 * What a change to the sale lines tells the modules above the ledger (issue 32): the leaderboard's
 * rank watch (reports) and the earnings notice (payroll). Both read the ledger, so they sit above
 * it and hand their functions in when they are registered (reports.module.ts, payroll.module.ts),
 * as the floor hands the clients module its card rule (decision 0909). Without them (a test of this
 * module alone) sale lines are still written, unwatched.
 */
export type RankWatch = {
  /** Runs a change to sale lines of these dates and tells whose rank moved (one notice each). */
  change: <T>(tx: Tx, actorId: number, dates: string[], change: () => Promise<T>) => Promise<T>;
  /** Waits for, then holds until commit, the rank watch's lock: taken before any sale row is locked. */
  hold: (tx: Tx) => Promise<void>;
};

/** Tells the employees concerned that their earnings of that day moved (the live "Earned" tile). */
export type EarningsNotice = (tx: Tx, employeeIds: (number | null)[], date: string) => Promise<void>;

let rankWatch: RankWatch = { change: (_tx, _actorId, _dates, change) => change(), hold: async () => {} };
let earningsNotice: EarningsNotice = async () => {};

/** The reports module hands in its leaderboard's rank watch (reports.module.ts). */
export const watchRanks = (watch: RankWatch) => {
  rankWatch = watch;
};

/** The payroll module hands in its earnings notice (payroll.module.ts). */
export const onEarningsChanged = (notice: EarningsNotice) => {
  earningsNotice = notice;
};

export const changeSalesWatchingRanks: RankWatch['change'] = (tx, actorId, dates, change) =>
  rankWatch.change(tx, actorId, dates, change);

export const holdRankWatch = (tx: Tx) => rankWatch.hold(tx);

export const earningsChanged: EarningsNotice = (tx, employeeIds, date) => earningsNotice(tx, employeeIds, date);

/**
 * Cancels what a voided invoice sold (issue 33, decision 1016): a voucher (V-…) or a membership
 * (CM-…) not yet used; a used one is a 409 that says so. The clients module owns vouchers and
 * memberships, so it hands this in (clients.module.ts). Without it a void of such a sale is refused.
 */
export type SoldReversal = (
  tx: Tx,
  actorId: number,
  sold: { kind: 'voucher' | 'membership'; reference: string },
) => Promise<void>;

let soldReversal: SoldReversal | null = null;

/** The clients module hands in how a voucher or membership sold is cancelled (clients.module.ts). */
export const onVoidCancelSold = (reversal: SoldReversal) => {
  soldReversal = reversal;
};

export const cancelSold: SoldReversal = async (tx, actorId, sold) => {
  if (!soldReversal) throw new Error('No reversal of vouchers and memberships was handed in (clients.module.ts).');
  await soldReversal(tx, actorId, sold);
};
