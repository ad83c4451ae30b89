/**
 * Domain codes shared by the server and the web app (platforms, member levels, pay types, statuses,
 * SMS types). Their Chinese names live in one place, the zh-cn catalogue's common namespace
 * (locales/zh-cn/common.json): the app reads them through i18n, the server through the maps below.
 */
import names from '../locales/zh-cn/common.json' with { type: 'json' };

// The name maps below are marked pure, so that a bundle using only the codes (the web app) drops
// the catalogue: app texts come from i18n, and a catalogue inside a chunk would rename it at every change.

export const FLOW_TYPES = ['tb', 'jd', 'pdd'] as const;
export type FlowType = (typeof FLOW_TYPES)[number];

/** Platform name (the price table's `generalType`) per flowType. */
export const PLATFORM_LABELS: Record<FlowType, string> = /* @__PURE__ */ (() => names.flowType)();

/** Member level codes: 1 default, 3 gold, 5 platinum, 7 masonry (diamond). */
export const MEMBER_LEVELS = [1, 3, 5, 7] as const;
export type MemberLevel = (typeof MEMBER_LEVELS)[number];
export const MEMBER_LEVEL_NAMES: Record<MemberLevel, string> = /* @__PURE__ */ (() => names.memberLevel)();
export const isMemberLevel = (v: unknown): v is MemberLevel => typeof v === 'number' && (MEMBER_LEVELS as readonly number[]).includes(v);

/** Payment method codes. */
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
export const PAY_TYPE_LABELS: Record<PayType, string> = /* @__PURE__ */ (() => names.payType)();
export const isPayType = (v: unknown): v is PayType => typeof v === 'number' && (PAY_TYPE_CODES as number[]).includes(v);

/** SMS code types: 1 default (register/login), 3 password change/reset, 4 account deletion (注销). */
export const SMS_TYPES = { DEFAULT: 1, PASSWORD: 3, DELETE_ACCOUNT: 4 } as const;
export type SmsType = (typeof SMS_TYPES)[keyof typeof SMS_TYPES];

/** Preset avatar names a user may choose (files public/avatars/{name}.svg in the app). */
export const AVATAR_PRESETS = ['avatar1', 'avatar2', 'avatar3', 'avatar4', 'avatar5', 'avatar6', 'avatar7', 'avatar8'] as const;

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = /* @__PURE__ */ (() => names.orderStatus)();
/** Why the system cancelled an order (an owner's or staff's cancel has none): gateway_failed, its payment could not be created. */
export const ORDER_CANCEL_REASONS = ['gateway_failed'] as const;
export type OrderCancelReason = (typeof ORDER_CANCEL_REASONS)[number];
export const ORDER_CANCEL_REASON_LABELS: Record<OrderCancelReason, string> = /* @__PURE__ */ (() => names.orderCancelReason)();

export const PLAN_STATUSES = ['pending', 'running', 'completed', 'stopped'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = /* @__PURE__ */ (() => names.planStatus)();

/** `forfeit`: the balance given up when the account is deleted. */
export const LEDGER_KINDS = ['recharge', 'plan_charge', 'plan_refund', 'adjust', 'forfeit'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = /* @__PURE__ */ (() => names.ledgerKind)();
