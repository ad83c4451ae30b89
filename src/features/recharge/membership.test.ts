import { describe, expect, it } from 'vitest';
import { bestRate, breakEvenPoints, discountTenths, memberPurchase, packageValues } from './membership';

describe('membership rules shown on /recharge/member', () => {
  it('same active level renews, higher buys, lower is refused; level 1 users buy anything', () => {
    expect(memberPurchase(5, 5)).toBe('renew');
    expect(memberPurchase(7, 5)).toBe('buy');
    expect(memberPurchase(3, 5)).toBe('lower');
    expect(memberPurchase(3, 1)).toBe('buy');
  });

  it('discount as 折 tenths; none for 1', () => {
    expect(discountTenths(0.95)).toBe('9.5');
    expect(discountTenths(0.9)).toBe('9');
    expect(discountTenths(0.85)).toBe('8.5');
    expect(discountTenths(1)).toBeNull();
  });
});

describe('what packages and memberships are worth', () => {
  const packages = [
    { points: 1000, price: 10000 },
    { points: 3200, price: 30000 },
    { points: 5500, price: 50000 },
    { points: 11500, price: 100000 },
  ];

  it('gives each package its true rate and its bonus over the base one', () => {
    expect(packageValues(packages)).toEqual([
      { rate: '10.00', bonus: 0 },
      { rate: '10.67', bonus: 200 }, // 10.666…, not "约 10"
      { rate: '11.00', bonus: 500 },
      { rate: '11.50', bonus: 1500 },
    ]);
    expect(bestRate(packages)).toBe(11.5);
  });

  it('names the plan spending at which a membership pays for itself', () => {
    // ¥30 for 9.5 折 at 11.5 points a yuan: 30 x 11.5 / 0.05 = 6,900 points of plans
    expect(breakEvenPoints(3000, 0.95, 11.5)).toBe(6900);
    // ¥68 for 9 折 at 10 points a yuan: 6,800 (not 6,800.0000001 through floating point)
    expect(breakEvenPoints(6800, 0.9, 10)).toBe(6800);
    expect(breakEvenPoints(3000, 1, 11.5)).toBeNull();
    expect(breakEvenPoints(3000, 0.95, 0)).toBeNull();
  });
});
