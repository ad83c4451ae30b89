/**
 * Domain constants shared by the server and the web app: the one place for codes and their
 * Chinese names (member levels, pay types, platforms, SMS types) and the mainland-mobile rule.
 * Pure data, no imports, so both Vite and the Node server can load it.
 */

export const FLOW_TYPES = ['tb', 'jd', 'pdd'] as const;
export type FlowType = (typeof FLOW_TYPES)[number];

/** Platform label (the seed's `generalType`) per flowType. */
export const PLATFORM_LABELS: Record<FlowType, string> = {
  tb: '淘宝/天猫',
  jd: '京东',
  pdd: '拼多多',
};

/** Member level codes of the seed: 1 default, 3 gold, 5 platinum, 7 masonry (diamond). */
export const MEMBER_LEVELS = [1, 3, 5, 7] as const;
export type MemberLevel = (typeof MEMBER_LEVELS)[number];
export const MEMBER_LEVEL_NAMES: Record<MemberLevel, string> = {
  1: '普通会员',
  3: '黄金会员',
  5: '铂金会员',
  7: '钻石会员',
};
export const isMemberLevel = (v: unknown): v is MemberLevel =>
  typeof v === 'number' && (MEMBER_LEVELS as readonly number[]).includes(v);

/** Payment method codes of the seed. */
export const PAY_TYPES = {
  ALI_PAY: 1,
  WX_PAY: 2,
  ALIPAY_COLLECT: 3,
  WXPAY_COLLECT: 4,
  BANK_CARD_COLLECT: 6,
  CONTACT_STAFF: 9,
} as const;
export type PayType = (typeof PAY_TYPES)[keyof typeof PAY_TYPES];
export const PAY_TYPE_CODES = Object.values(PAY_TYPES) as PayType[];
export const PAY_TYPE_LABELS: Record<PayType, string> = {
  1: '支付宝',
  2: '微信支付',
  3: '支付宝转账',
  4: '微信转账',
  6: '银行卡转账',
  9: '联系客服',
};
export const isPayType = (v: unknown): v is PayType =>
  typeof v === 'number' && (PAY_TYPE_CODES as number[]).includes(v);

/** SMS code types: 1 default (register/login), 3 password change/reset. */
export const SMS_TYPES = { DEFAULT: 1, PASSWORD: 3 } as const;
export type SmsType = (typeof SMS_TYPES)[keyof typeof SMS_TYPES];

/** Mainland mobile number: 11 digits, starts with 1, second digit 3-9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const isMobile = (v: unknown): v is string => typeof v === 'string' && MOBILE_PATTERN.test(v);

/** Preset avatar names a user may choose (files public/avatars/{name}.svg in the app). */
export const AVATAR_PRESETS = ['avatar1', 'avatar2', 'avatar3', 'avatar4', 'avatar5', 'avatar6', 'avatar7', 'avatar8'] as const;

export const ORDER_STATUS_LABELS = {
  pending: '待支付',
  paid: '已支付',
  cancelled: '已取消',
  expired: '已过期',
} as const;
export type OrderStatus = keyof typeof ORDER_STATUS_LABELS;

export const PLAN_STATUS_LABELS = {
  pending: '待开始',
  running: '进行中',
  completed: '已完成',
  stopped: '已停止',
} as const;
export type PlanStatus = keyof typeof PLAN_STATUS_LABELS;

export const LEDGER_KIND_LABELS = {
  recharge: '充值',
  plan_charge: '发布计划',
  plan_refund: '计划退款',
  adjust: '人工调整',
} as const;
export type LedgerKind = keyof typeof LEDGER_KIND_LABELS;
