// The floor module's public entry (docs/architecture.md "Boundaries"): its demo rooms and reservations for db/seed.ts,
// what the employees module settles on the floor before someone moves or leaves, and the bookings a
// branch's new opening hours would leave out (decision 0204).
export { bookingsAhead, bookingsOutsideHours } from './bookings-ahead.service';
export { clockOutOnLeaving, lockFloorsBeforeLeaving } from './shifts.service';
export { seedDemoFloor } from './floor.demo';
export { DEMO_DAY_CHECK_MS, topUpDemoFloor, watchDemoDays } from './floor-top-up.demo';
