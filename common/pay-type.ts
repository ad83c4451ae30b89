/** Payment method codes (seed §3, product §4 "Orders"). */
export const PAY_TYPE = {
  ALI_PAY: 1,
  WX_PAY: 2,
  ALIPAY_COLLECT: 3,
  WXPAY_COLLECT: 4,
  BANK_CARD_COLLECT: 6,
  CONTACT_STAFF: 9,
} as const;

export type PayType = (typeof PAY_TYPE)[keyof typeof PAY_TYPE];

export const PAY_TYPES: readonly PayType[] = [1, 2, 3, 4, 6, 9];

/** Online providers (1, 2), collect by QR/bank (3, 4, 6), contact staff (9). */
export const ONLINE_PAY_TYPES: readonly PayType[] = [1, 2];
export const COLLECT_PAY_TYPES: readonly PayType[] = [3, 4, 6];

export function isPayType(value: unknown): value is PayType {
  return typeof value === 'number' && (PAY_TYPES as readonly number[]).includes(value);
}
