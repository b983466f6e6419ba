// The notifications module's public entry (docs/architecture.md "Boundaries"): what other modules
// send, and the approval handlers they register.
export { decide, notify, registerApprovalHandler, withdrawRecent } from './notifications.service';
export { approvalWorkflow, type ApprovalFlow } from './approval-workflow.service';
