// The employees module's public entry (docs/architecture.md "Boundaries"): its demo staff for db/seed.ts.
export { seedDemoAdministration } from './admin.demo';
