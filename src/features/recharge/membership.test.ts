import { describe, expect, it } from 'vitest';
import { discountTenths, memberPurchase } from './membership';

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
