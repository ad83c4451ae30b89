/**
 * The whole data model. Money is integer fen, points are integers,
 * timestamps are timestamptz. Balances are guarded by CHECK constraints so no code path can
 * drive them negative, and a ledger reference can be booked only once per kind.
 */
import { sql } from 'drizzle-orm';
import type { ReconciliationDifference } from '../../../common/admin-types.ts';
import {
  boolean,
  customType,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  nickname: text('nickname').notNull(),
  avatar: text('avatar').notNull(),
  wechatQr: text('wechat_qr').notNull(),
  remark: text('remark').notNull().default(''),
  /** Collect (transfer) payment details shown for pay types 3, 4 and 6. */
  alipayCollectQr: text('alipay_collect_qr').notNull().default(''),
  wxpayCollectQr: text('wxpay_collect_qr').notNull().default(''),
  bankAccount: text('bank_account').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  /** A disabled contact is no longer handed to new registrations (users keep who they have). */
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
});

export const memberLevels = pgTable(
  'member_levels',
  {
    level: integer('level').primaryKey(),
    name: text('name').notNull(),
    /** Plan cost multiplier in percent: 100 = no discount, 95 = 5% off. */
    discountPercent: integer('discount_percent').notNull(),
  },
  (t) => [check('member_levels_discount', sql`${t.discountPercent} between 1 and 100`)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    memberLevel: integer('member_level').notNull().default(1),
    memberDeadline: ts('member_deadline'),
    integral: integer('integral').notNull().default(0),
    avatar: text('avatar'),
    inviteCode: text('invite_code').notNull(),
    inviterId: integer('inviter_id'),
    operatorId: integer('operator_id').references(() => operators.id),
    loginFailures: integer('login_failures').notNull().default(0),
    lockedUntil: ts('locked_until'),
    /** Console role: null for ordinary users. */
    role: text('role'),
    /** Set while the account is disabled: its sessions are dead and sign-in is refused. */
    disabledAt: ts('disabled_at'),
    /**
     * Set when the account was deleted (注销): the phone, invite code and password are replaced by
     * placeholders, so the row keeps only what the orders and the ledger refer to.
     */
    deletedAt: ts('deleted_at'),
    /** The privacy policy version (PRIVACY_POLICY_VERSION in common/privacy.ts) the user agreed to, and when. */
    privacyVersion: integer('privacy_version'),
    privacyAgreedAt: ts('privacy_agreed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_invite_code_uq').on(t.inviteCode),
    index('users_inviter_idx').on(t.inviterId),
    check('users_integral_non_negative', sql`${t.integral} >= 0`),
    check('users_member_level', sql`${t.memberLevel} in (1, 3, 5, 7)`),
    check('users_role', sql`${t.role} in ('operator', 'admin')`),
    index('users_created_idx').on(t.createdAt),
  ],
);

/** A users row: the signed-in user of a request (owned by the user module). */
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    // The device list: what signed in, from where, and when it was last used.
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    lastSeenAt: ts('last_seen_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    // The retention sweep removes sessions that ended long ago.
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    type: integer('type').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
    requesterIp: text('requester_ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt), index('sms_codes_created_idx').on(t.createdAt)],
);

/**
 * Every SMS send attempt per requester address, hit or miss (refused phone, gateway failure), so
 * the per-IP limit also bounds probing which phones are registered. Rows older than the window
 * are removed as new attempts come.
 */
export const smsSendAttempts = pgTable(
  'sms_send_attempts',
  {
    id: serial('id').primaryKey(),
    requesterIp: text('requester_ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_send_attempts_ip_idx').on(t.requesterIp, t.createdAt), index('sms_send_attempts_created_idx').on(t.createdAt)],
);

/** What the console SMS provider "sent": read back by GET /api/dev/sms-outbox outside production. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    type: integer('type').notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.id), index('sms_outbox_created_idx').on(t.createdAt)],
);

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    content: text('content').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    createdAt: createdAt(),
  },
  (t) => [index('announcements_type_idx').on(t.type, t.id)],
);

/** A base service of one platform (an item of the price table's planConfigList). */
export const planConfigs = pgTable(
  'plan_configs',
  {
    id: serial('id').primaryKey(),
    flowType: text('flow_type').notNull(),
    name: text('name').notNull(),
    integral: integer('integral').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    index('plan_configs_flow_idx').on(t.flowType, t.sort),
    check('plan_configs_integral', sql`${t.integral} >= 0`),
  ],
);

/** A deep-visit condition of a base service (conditionList); one option is chosen per condition. */
export const planConditions = pgTable('plan_conditions', {
  id: serial('id').primaryKey(),
  configId: integer('config_id')
    .notNull()
    .references(() => planConfigs.id),
  label: text('label').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const planConditionOptions = pgTable(
  'plan_condition_options',
  {
    id: serial('id').primaryKey(),
    conditionId: integer('condition_id')
      .notNull()
      .references(() => planConditions.id),
    label: text('label').notNull(),
    /** 0 means "not needed". */
    integral: integer('integral').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [check('plan_condition_options_integral', sql`${t.integral} >= 0`)],
);

/** Prices chosen at creation, snapshotted so later price changes never touch an existing plan. */
export interface PlanOptionSnapshot {
  conditionId: number;
  conditionLabel: string;
  optionId: number;
  optionLabel: string;
  integral: number;
}

export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    flowType: text('flow_type').notNull(),
    itemUrl: text('item_url').notNull(),
    itemId: text('item_id').notNull(),
    title: text('title').notNull(),
    image: text('image'),
    shopName: text('shop_name'),
    keywords: jsonb('keywords').$type<string[]>().notNull(),
    configId: integer('config_id').notNull(),
    configName: text('config_name').notNull(),
    baseIntegral: integer('base_integral').notNull(),
    options: jsonb('options').$type<PlanOptionSnapshot[]>().notNull(),
    dailyCount: integer('daily_count').notNull(),
    days: integer('days').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    distribution: jsonb('distribution').$type<number[]>().notNull(),
    /** When the first scheduled hour begins / the last one ends (computed at creation, plan/schedule.ts). */
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    unitCost: integer('unit_cost').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    totalCount: integer('total_count').notNull(),
    totalCost: integer('total_cost').notNull(),
    /** Only stops are stored; pending/running/completed are derived from the clock. */
    stoppedAt: ts('stopped_at'),
    /** Tasks dispatched when stopped (frozen progress). */
    dispatchedAtStop: integer('dispatched_at_stop'),
    refunded: integer('refunded').notNull().default(0),
    createdAt: createdAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('plans_user_created_idx').on(t.userId, t.createdAt),
    index('plans_user_flow_idx').on(t.userId, t.flowType),
    /**
     * The plan lists: a user's live plans, newest first (keyset export too). Ascending, read
     * backwards: that is `created_at desc, id desc` as the queries write it (nulls first); a `desc`
     * index (nulls last) is not, and the planner sorted the rows of another index instead.
     */
    index('plans_user_live_idx').on(t.userId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    /** Status filters and counts (derived from start_at / end_at / stopped_at) read from the index alone. */
    index('plans_user_schedule_idx')
      .on(t.userId, t.startAt, t.endAt, t.stoppedAt, t.flowType)
      .where(sql`${t.deletedAt} is null`),
    check('plans_total_cost', sql`${t.totalCost} >= 0`),
    check('plans_refunded', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.totalCost}`),
  ],
);

export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** The plan form without dates (TemplateForm in common/api-types.ts). */
    form: jsonb('form').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('templates_user_idx').on(t.userId, t.updatedAt)],
);

export const goods = pgTable(
  'goods',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** Price in fen. */
    price: integer('price').notNull(),
    points: integer('points'),
    level: integer('level'),
    days: integer('days'),
    onSale: boolean('on_sale').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('goods_type', sql`${t.type} in ('integral', 'member')`),
    check('goods_price', sql`${t.price} > 0`),
    check(
      'goods_shape',
      sql`(${t.type} = 'integral' and ${t.points} > 0) or (${t.type} = 'member' and ${t.level} in (3, 5, 7) and ${t.days} > 0)`,
    ),
  ],
);

interface StoredPayment {
  provider: string;
  qrCode?: string;
}

export interface GoodsSnapshot {
  id: number;
  type: 'integral' | 'member';
  name: string;
  price: number;
  points?: number | null;
  level?: number | null;
  days?: number | null;
}

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    goodsSnapshot: jsonb('goods_snapshot').$type<GoodsSnapshot>().notNull(),
    type: text('type').notNull(),
    amount: integer('amount').notNull(),
    payType: integer('pay_type').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    /** What the gateway answered when the payment was created (the QR payload), kept so polls and resumes do not create it again. */
    payment: jsonb('payment').$type<StoredPayment>(),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    check('orders_status', sql`${t.status} in ('pending', 'paid', 'cancelled', 'expired')`),
    check('orders_amount', sql`${t.amount} > 0`),
  ],
);

export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    kind: text('kind').notNull(),
    /** e.g. "order:<orderNo>", "plan:<id>"; unique per kind so nothing is booked twice. */
    reference: text('reference'),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('points_ledger_kind_reference_uq').on(t.kind, t.reference),
    index('points_ledger_user_idx').on(t.userId, t.id),
    check('points_ledger_balance', sql`${t.balanceAfter} >= 0`),
    check('points_ledger_kind', sql`${t.kind} in ('recharge', 'plan_charge', 'plan_refund', 'adjust', 'forfeit')`),
  ],
);

/**
 * The kept answer to a request sent with an Idempotency-Key, per user and key: a repeat gets the
 * same answer instead of a second plan or charge. The row is written in the request's own
 * transaction, with its effect (http/idempotency.ts); a row without a status is left by an older
 * version and counts as absent. Rows older than 24 hours are swept by created_at.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** sha256 of method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * One reconciliation (对账) of a gateway's daily bill against our orders: what it credited and the
 * differences it found. Each run adds a row; the console shows the latest per gateway and day.
 */
export const reconciliationReports = pgTable(
  'reconciliation_reports',
  {
    id: serial('id').primaryKey(),
    gateway: text('gateway').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    billPayments: integer('bill_payments').notNull(),
    credited: jsonb('credited').$type<string[]>().notNull(),
    differences: jsonb('differences').$type<ReconciliationDifference[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('reconciliation_reports_day_idx').on(t.day, t.gateway, t.createdAt)],
);

/** A version per named in-process cache; a change anywhere bumps it and every process reloads. */
export const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull().default(1),
});

/** Every console and ops-CLI write: who, what, on what, the state before and after, from where. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** The acting user, null for the ops command line. */
    actorId: integer('actor_id').references(() => users.id),
    /** The actor's phone, or `cli`. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    clientAddress: text('client_address'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actor, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/** Images uploaded in the console (collect and contact QR codes), served by GET /api/files/:id. */
export const uploadedFiles = pgTable('uploaded_files', {
  id: serial('id').primaryKey(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});
