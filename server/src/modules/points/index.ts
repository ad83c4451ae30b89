/**
 * The points module: owns the points_ledger table and the balance column users.integral (the
 * user module owns the rest of the users row); every balance change goes through changePoints.
 */
export {
  changePoints,
  forgetPhoneInRemarks,
  InsufficientPointsError,
  ledgerSum,
  pointsBalance,
  replaceRemarks,
  type PointsChange,
  type PointsChangeResult,
} from './ledger.ts';
export { ledgerOf, ledgerOfReference, listLedger, pointsSpentOnPlansPerDay } from './ledger-list.ts';
export { balanceFindings, bookingPages, bookingsOf, VERIFY_BATCH, type Booking, type MoneyFinding } from './verify.ts';
