// The floor module's public entry (docs/architecture.md "Boundaries"): its demo rooms and reservations for db/seed.ts,
// and what the employees module settles on the floor before someone moves or leaves (decision 0204).
export { bookingsAhead } from './bookings-ahead.service';
export { clockOutOnLeaving } from './shifts.service';
export { seedDemoFloor } from './floor.demo';
export { topUpDemoFloor } from './floor-top-up.demo';
