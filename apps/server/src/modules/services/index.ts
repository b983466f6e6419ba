// The services module's public entry (docs/architecture.md "Boundaries"): its demo catalogue for db/seed.ts.
export { seedDemoServices } from './services.demo';
