/**
 * The admin module: the operator console's API (/api/admin/*) and its audit log (owns audit_log).
 * It owns no business table: every change goes through the owning module's functions, here wrapped
 * with the audit row in one transaction; the ops command line calls the same actions.
 */
export { adminRoutes, ADMIN_ROUTES, type AdminRoute, type AdminRoutesOptions } from './routes.ts';
export {
  adjustPoints,
  auditReconciledPayment,
  announce,
  cancelOrder,
  changeRole,
  confirmOrder,
  deleteUser,
  disableUser,
  enableUser,
  logoutEverywhere,
  markRefunded,
  setDefaultCollect,
  setDefaultContact,
  setMember,
} from './actions.ts';
export {
  CLI_ACTOR,
  auditedMembershipSettings,
  forgetAccountInAudit,
  listAudit,
  MEMBERSHIP_ACTION,
  userTarget,
  type Actor,
} from './audit.ts';
