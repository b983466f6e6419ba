// The floor module's public entry (docs/architecture.md "Boundaries"): its demo rooms and reservations for db/seed.ts.
export { seedDemoFloor } from './floor.demo';
export { topUpDemoFloor } from './floor-top-up.demo';
