/** Pure rules the membership page shows (the server enforces the same). */

/** What buying `level` means for a user whose effective level is `current`. */
export type MemberPurchase = 'buy' | 'renew' | 'lower';

export function memberPurchase(level: number, current: number): MemberPurchase {
  if (level < current) return 'lower';
  return level === current && current > 1 ? 'renew' : 'buy';
}

/** 0.95 -> "9.5", 0.9 -> "9"; null for no discount (1). */
export function discountTenths(discount: number): string | null {
  if (!(discount > 0) || discount >= 1) return null;
  return String(Math.round(discount * 100) / 10);
}
