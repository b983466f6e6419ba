// The configurations module's public entry (docs/architecture.md "Boundaries").
export { CONFIGURATION_ID } from './configurations.service';
export { soleAdminApprovesOwnPayRuns } from './configurations.service';
