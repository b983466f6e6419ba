// The reports module's public entry (docs/architecture.md "Boundaries"): the sale rows, the day
// lock and the leaderboard that the desk's sales (clients module) write through.
export { assertDayOpen } from './day-lock.service';
export { assertDateAllowed, backdatedNote } from './dating.service';
export { changeSalesWatchingRanks } from './leaderboard.service';
export { toSale } from './sale-lines.service';
export { recordForfeitedDeposit, type ForfeitedDeposit } from './forfeit.service';
