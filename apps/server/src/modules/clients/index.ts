// The clients module's public entry (docs/architecture.md "Boundaries"): its demo clients for db/seed.ts.
export { seedDemoClients } from './clients.demo';
// The floor board (issue 22) logs its arrivals through the same service, with its extras.
export { createArrival, type ArrivalExtras } from './arrivals.service';
export type { AppliedDeposit } from './walk-in.service';
