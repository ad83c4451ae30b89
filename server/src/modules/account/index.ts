/**
 * The account module: a user's rights over their own account under the privacy policy: deletion
 * (注销), a copy of their data, and the retention sweep that removes what is kept only for a while.
 * It owns no table: every change goes through the owning modules' functions.
 */
export { accountRoutes, type AccountRoutesOptions } from './routes.ts';
export { closeAccount, closeDeletedAccountOrders, type ClosedAccount, type ForgetAccount } from './closure.ts';
export { accountDataCopy } from './data-copy.ts';
export { sweepExpiredRecords } from './retention.ts';
