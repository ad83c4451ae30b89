/**
 * The JSON wire shapes of the API, declared once for the server
 * (which builds them) and the app (which reads them). Types only: no runtime code here.
 * Timestamps are ISO strings; dates are "YYYY-MM-DD" in the business time zone.
 */
import type { FlowType, LedgerKind, MemberLevel, OrderCancelReason, OrderStatus, PayType, PlanStatus } from './domain.ts';

/** A list answer: page/pageSize as asked (pageSize at most 100), total over all pages. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
  /** The console's lists count only the rows their pages can show: set when more match (total is that bound). */
  totalCapped?: boolean;
}

// ---- price table: plan/config, plan/config/full-data, plan/deep-condition/data ----

export interface ConditionOption {
  id: number;
  label: string;
  integral: number;
}

/** A deep-visit condition of a base service: exactly one of its options is chosen per plan. */
export interface PlanCondition {
  id: number;
  label: string;
  optionList: ConditionOption[];
}

/** A base service (an element of planConfigList). */
export interface BaseService {
  id: number;
  name: string;
  integral: number;
  conditionList: PlanCondition[];
}

/** One platform's price table: an element of full-data, and the answer of plan/config. */
export interface PlanConfig {
  flowType: FlowType;
  generalType: string;
  planConfigList: BaseService[];
  /** IANA zone that plan days and hours are counted in (server TZ_BUSINESS). */
  timeZone: string;
}

// ---- plans and templates ----

/** The plan form (plan/create); `image`/`shopName` may be left out or null. */
export interface PlanForm {
  flowType: FlowType;
  itemUrl: string;
  itemId: string;
  title: string;
  image?: string | null;
  shopName?: string | null;
  /** The item's price (fen) as the card showed it at publish time. */
  price?: number | null;
  keywords: string[];
  configId: number;
  /** One option id per condition of the base service. */
  optionIds: number[];
  dailyCount: number;
  days: number;
  /** YYYY-MM-DD */
  startDate: string;
  /** 24 integers summing to dailyCount. */
  distribution: number[];
}

/** A template's form: the plan form without its start date. */
export type TemplateForm = Omit<PlanForm, 'startDate'> & { startDate?: string };

/** plan/create and template/publish -> */
export interface CreatedPlan {
  id: number;
  /** Every task of the plan and those of its first day (after the first-day cut). */
  totalCount: number;
  firstDayCount: number;
  totalCost: number;
  /** Balance after the charge. */
  integral: number;
}

/** A chosen deep-visit option with the price paid (snapshot at creation). */
export interface PlanOptionChoice {
  conditionLabel: string;
  optionLabel: string;
  integral: number;
}

/** plan/manage/list row and plan/manage/detail `plan`: the form's fields plus progress. */
export interface PlanRow extends PlanForm {
  id: number;
  image: string | null;
  shopName: string | null;
  configName: string;
  options: PlanOptionChoice[];
  unitCost: number;
  /** Fraction, e.g. 0.95. */
  discount: number;
  /** Every task of the plan: the first day's (after the first-day cut), then dailyCount a day. */
  totalCount: number;
  /** The first-day cut: hours before this one get no task on the first day (0: none cut). */
  firstDayFromHour: number;
  /** Tasks of the first day (dailyCount when nothing was cut). */
  firstDayCount: number;
  totalCost: number;
  dispatched: number;
  status: PlanStatus;
  statusText: string;
  refunded: number;
  createdAt: string;
  /** When the last scheduled hour ends. */
  endAt: string;
  stoppedAt: string | null;
}

/** plan/count-data -> */
export interface PlanCounts {
  pending: number;
  running: number;
  completed: number;
  stopped: number;
  total: number;
  /** Tasks dispatched today (business time zone) across the counted plans. */
  todayDispatched: number;
  /** The user's balance. */
  integral: number;
}

export interface DaySchedule {
  date: string;
  planned: number;
  dispatched: number;
}

/** A plan's days and today's hours (plan/manage/detail `schedule`). */
export interface ScheduleView {
  timeZone: string;
  /** Local date and hour of now. */
  today: string;
  currentHour: number;
  /** Index of today in the plan's days, or null when today is not a plan day. */
  currentDay: number | null;
  distribution: number[];
  /** The first-day cut: hours before this one get no task on the plan's first day (0: none cut). */
  firstDayFromHour: number;
  /** Per hour, the tasks dispatched today. */
  dispatchedTodayByHour: number[];
  days: DaySchedule[];
}

/** A points ledger row (order/list?type=integral-details, and a plan's charges and refunds). */
export interface LedgerRow {
  id: number;
  delta: number;
  balanceAfter: number;
  kind: LedgerKind;
  kindText: string;
  remark: string;
  createdAt: string;
}

/** plan/manage/detail -> */
export interface PlanDetail {
  plan: PlanRow;
  schedule: ScheduleView;
  ledger: LedgerRow[];
}

/** plan/manage/stop -> { results: StopResult[] } */
export interface StopResult {
  id: number;
  ok: boolean;
  refund: number;
  message?: string;
}

/** plan/manage/delete -> { results: DeleteResult[] } */
export interface DeleteResult {
  id: number;
  ok: boolean;
  message?: string;
}

/** plan/template/list row; generate and update answer one. */
export interface TemplateRow {
  id: number;
  name: string;
  form: TemplateForm;
  createdAt: string;
  updatedAt: string;
}

// ---- goods, orders, membership ----

export type GoodsType = 'integral' | 'member';

/** god/get element: only the fields of its type are present. */
export interface Goods {
  id: number;
  type: GoodsType;
  name: string;
  /** Fen. */
  price: number;
  points?: number | null;
  level?: number | null;
  days?: number | null;
}

/** god/member-levels element. */
export interface MemberLevelInfo {
  level: number;
  name: string;
  /** Plan cost multiplier as a fraction: 0.95 = 5% off, like user-data.discount. */
  discount: number;
}

/** How to pay an order (order/create, and order/detail while pending). */
export type PayInstructions =
  | { kind: 'online'; provider: string; payUrl?: string; qrCode?: string; sandboxUrl?: string }
  | {
      kind: 'collect';
      transferRemark: string;
      alipayCollectQr?: string;
      wxpayCollectQr?: string;
      bankAccount?: string;
      /** Who receives the transfer (收款人 / 户名), when the contact has it set. */
      payee?: string;
    }
  | { kind: 'staff'; transferRemark: string };

/** pay/types row: a pay type this caller is offered. */
export interface PayTypeOption {
  payType: PayType;
  payTypeText: string;
}

/** order/create `scene`: 'qr' (default) a code to scan; 'wap' the gateway's phone cashier page. */
export type PayScene = 'qr' | 'wap';

/** order/create, order/detail, and order/list?type=record row. */
export interface OrderRow {
  orderNo: string;
  goodsName: string;
  type: GoodsType;
  status: OrderStatus;
  statusText: string;
  /** Fen. */
  amount: number;
  payType: PayType;
  payTypeText: string;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string;
  goods: Goods;
  pay?: PayInstructions;
  /** Set on an order the system cancelled: why (gateway_failed: its payment could not be created), and the text to show. */
  cancelReason?: OrderCancelReason;
  cancelReasonText?: string;
}

// ---- user and service ----

/** user/user-data, and the `user` of reg, pwd-login and update-avatar. */
export interface UserData {
  phone: string;
  memberLevel: MemberLevel;
  memberLevelDesc: string;
  integral: number;
  memberDeadline: string | null;
  avatar: string | null;
  inviteCode: string;
  /** Fraction, e.g. 0.95. */
  discount: number;
  /** The privacy policy version the user agreed to (null: never); older than PRIVACY_POLICY_VERSION asks again. */
  privacyVersion?: number | null;
  /** The business time zone (TZ_BUSINESS) the app shows dates and times in; sent by user-data. */
  timeZone?: string;
  /** Staff only: their console role (the account menu then links to /admin). Absent for ordinary users. */
  consoleRole?: 'operator' | 'admin';
}

/** reg and pwd-login -> */
export interface AuthResult {
  token: string;
  user: UserData;
}

/** user/recommend/list row: a user who registered with the caller's invite code (phone masked). */
export interface InvitedUser {
  id: number;
  phone: string;
  createdAt: string;
  memberLevel: number;
  memberLevelDesc: string;
}

/** wechat/qr-code: the user's operator (the default one for visitors). */
export interface ServiceInfo {
  wechatQr: string;
  avatar: string;
  nickname: string;
  remark: string;
  /** The WeChat ID to copy and a phone number to call, '' when the contact has none (absent from older servers). */
  wechatId?: string;
  phone?: string;
}

/** What the item lookup answers: the id and canonical url, plus what a product-info provider knows. */
/**
 * How the platform's lookup went: found (title, image, shop, price from the platform), unknown
 * (the platform does not know the item, e.g. not in its affiliate programme), off (no provider for
 * that platform), failed (the platform did not answer in time or refused the call).
 */
export type ItemLookupStatus = 'found' | 'unknown' | 'off' | 'failed';

/** GET /api/item/get, /api/item/pdd/get: the item behind a pasted link or share text. */
export interface ItemInfo {
  flowType?: FlowType;
  itemId: string;
  url: string;
  title?: string | null;
  image?: string | null;
  shopName?: string | null;
  /** Price in fen. */
  price?: number | null;
  lookup?: ItemLookupStatus;
}
