// The users module's public entry: the only file of it other modules, db/seed.ts and the app
// import (docs/architecture.md "Boundaries"). What is not listed here is the module's own.
export {
  createTokenSigner,
  endAllSessions,
  findUsersByIds,
  purgeExpiredSessions,
  resolveIdentity,
  resolveSessions,
  type TokenSigner,
} from './auth.service';
export { activeAdminIds, adminAccountIds } from './admins.service';
export { hashPassword, passwordProblems } from './passwords';
export { liveSessionIds } from './sessions.service';
export {
  accessChanged,
  addUserLocations,
  addUserToGroups,
  assertPasswordAcceptable,
  assertUsernameFree,
  insertUserAccount,
  removeUserFromGroup,
} from './users.service';
