// The payroll module's public entry (docs/architecture.md "Boundaries"): what other modules call
// when something a person earns from changes, and the demo rules db/seed.ts adds.
export { earningsChanged, paidInPayRuns } from './my-earnings.service';
export { seedDemoPayroll } from './payroll.demo';
