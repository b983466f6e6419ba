// The floor module's public entry (docs/architecture.md "Boundaries"): its demo rooms and reservations for db/seed.ts,
// and a therapist's bookings still to come for the employees module.
export { bookingsAhead } from './bookings-ahead.service';
export { seedDemoFloor } from './floor.demo';
export { topUpDemoFloor } from './floor-top-up.demo';
