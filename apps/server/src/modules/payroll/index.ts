// The payroll module's public entry (docs/architecture.md "Boundaries"): what other modules call
// when something a person earns from changes.
export { earningsChanged } from './my-earnings.service';
