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

/**
 * What a points package really gives: its rate in points per yuan (two decimals: 3,200 for ¥300 is
 * 10.67, not "约 10"), and its bonus over the base rate (the lowest rate on sale, the smallest
 * package's as a rule): the points beyond what the base rate would give for its price.
 */
export interface PackageValue {
  /** Points per yuan, two decimals. */
  rate: string;
  bonus: number;
}

/** Points per yuan of a package (price in fen). */
const rateOf = (points: number, fen: number) => (fen > 0 ? (points * 100) / fen : 0);

export function packageValues(packages: readonly { points?: number | null; price: number }[]): PackageValue[] {
  const rates = packages.map((p) => rateOf(p.points ?? 0, p.price)).filter((r) => r > 0);
  const base = rates.length ? Math.min(...rates) : 0;
  return packages.map((p) => {
    const points = p.points ?? 0;
    const rate = rateOf(points, p.price);
    // what the base rate gives for this price, to the point (rounded down: a bonus is never overstated)
    const bonus = Math.max(0, points - Math.ceil((base * p.price) / 100 - 1e-9));
    return { rate: (Math.round(rate * 100) / 100).toFixed(2), bonus };
  });
}

/**
 * The membership's break-even in points: the plan spending (at original price, over the
 * membership's days) whose member saving pays the fee back. A point saved is worth 1/rate yuan at
 * the best package rate (the cheapest way to buy points), so the saving s = spend x (1 - discount)
 * repays a fee of F yuan from spend = F x rate / (1 - discount); rounded up. null without a
 * discount or a rate.
 */
export function breakEvenPoints(feeFen: number, discount: number, bestRate: number): number | null {
  if (!(discount > 0 && discount < 1) || !(bestRate > 0) || !(feeFen > 0)) return null;
  return Math.ceil(((feeFen / 100) * bestRate) / (1 - discount) - 1e-9);
}

/** The best points per yuan on sale (0 when nothing is). */
export function bestRate(packages: readonly { points?: number | null; price: number }[]): number {
  return Math.max(0, ...packages.map((p) => rateOf(p.points ?? 0, p.price)));
}
