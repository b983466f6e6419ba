// The floor module's public entry (docs/architecture.md "Boundaries"): its demo rooms and reservations for db/seed.ts.
export { seedDemoFloor } from './floor.demo';
export { DEMO_DAY_CHECK_MS, topUpDemoFloor, watchDemoDays } from './floor-top-up.demo';
