// The invoicing module's public entry (docs/architecture.md "Boundaries"): the demo BIR facts db/seed.ts adds.
export { seedDemoInvoicing } from './invoicing.demo';
