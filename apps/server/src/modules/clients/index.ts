// The clients module's public entry (docs/architecture.md "Boundaries"): its demo clients for db/seed.ts.
export { seedDemoClients } from './clients.demo';
// The floor board (issue 22) logs its arrivals through the same service, with its extras.
export { createArrival, type ArrivalExtras } from './arrivals.service';
// …and hands in what an arrival logged on the client card does on its board (decision 0909).
export { onCardArrival } from './card-floor';
export type { AppliedDeposit } from './walk-in.service';
