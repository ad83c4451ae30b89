/**
 * The points module: owns the points_ledger table and the balance column users.integral (the
 * user module owns the rest of the users row); every balance change goes through changePoints.
 */
export { changePoints, InsufficientPointsError, ledgerSum, pointsBalance, type PointsChange, type PointsChangeResult } from './ledger.ts';
export { allLedgerOf, ledgerOfReference, listLedger, pointsSpentOnPlansPerDay } from './ledger-list.ts';
export { balanceFindings, bookedByReference, type Booking, type MoneyFinding } from './verify.ts';
