// The clients module's public entry (docs/architecture.md "Boundaries"): its demo clients for db/seed.ts.
export { seedDemoClients } from './clients.demo';
