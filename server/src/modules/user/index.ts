/**
 * The user module: owns the users table (but for the balance column, which the points module
 * writes) and member_levels: accounts, login, membership and the user-data shape.
 */
export { userRoutes } from './routes.ts';
export {
  createAccountWithoutPassword,
  demoAccountOpen,
  DEMO_PASSWORD,
  DEMO_PHONE,
  findUserById,
  findUserByPhone,
  inviteSummary,
  phoneRegistered,
  seedDemoAccount,
} from './accounts.ts';
export {
  applyMembershipPurchase,
  checkMembershipPurchase,
  listMemberLevels,
  memberBenefit,
  memberLevelsSeeded,
  seedMemberLevels,
  setMembership,
} from './membership.ts';
export {
  activeAdminCount,
  assignOperator,
  consoleStaff,
  CONSOLE_ROLES,
  lockUserByPhone,
  newUsersPerDay,
  ownersOf,
  phonesOf,
  roleAllows,
  searchUsers,
  setDisabled,
  setRole,
  toConsoleUser,
  type ConsoleRole,
  type ConsoleUser,
} from './console.ts';
export { USER_MESSAGES } from './accounts.ts';
export { limitCodeCheck } from './limits.ts';
export { eraseUserIdentity, lockAccount, lockLiveUser } from './closure.ts';
export { getUserData, maskPhone } from './membership.ts';
export type { UserRow } from './tables.ts';
export { membershipFindings, type MembershipEvent } from './verify.ts';
