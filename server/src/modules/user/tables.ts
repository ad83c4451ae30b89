/** Accounts and member levels. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, createdAt } from '../../db/columns.ts';
// A foreign key names the referenced table (the one import of another module's tables allowed, eslint.config.js).
import { operators } from '../operator/tables.ts';

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
    /** The console's phone search: by the first digits, or by the last ones (whatever the collation). */
    index('users_phone_prefix_idx').on(t.phone.op('text_pattern_ops')),
    index('users_phone_suffix_idx').using('btree', sql`reverse(${t.phone}) text_pattern_ops`),
  ],
);

/** A users row: the signed-in user of a request (owned by the user module). */
export type UserRow = typeof users.$inferSelect;
