/**
 * The account module: a user's rights over their own account under the privacy policy: deletion
 * (注销), a copy of their data, and the retention sweep that removes what is kept only for a while.
 * It owns no table: every change goes through the owning modules' functions.
 */
export { accountRoutes } from './routes.ts';
export { ACCOUNT_GONE, closeAccount, type ClosedAccount } from './closure.ts';
export { accountDataCopy, type AccountDataCopy } from './data-copy.ts';
export { startRetentionSweep, sweepExpiredRecords, type RetentionSweepResult } from './retention.ts';
