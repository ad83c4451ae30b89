/** The contacts (运营/客服) a user is handed at registration. */
import { boolean, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  nickname: text('nickname').notNull(),
  avatar: text('avatar').notNull(),
  wechatQr: text('wechat_qr').notNull(),
  remark: text('remark').notNull().default(''),
  /** What a phone can use where it cannot scan its own screen: the WeChat ID to copy, a number to call ('' when none). */
  wechatId: text('wechat_id').notNull().default(''),
  phone: text('phone').notNull().default(''),
  /** Who receives the transfers (收款人 / 户名), named beside the collect QR codes and bank account. */
  collectPayee: text('collect_payee').notNull().default(''),
  /** Collect (transfer) payment details shown for pay types 3, 4 and 6. */
  alipayCollectQr: text('alipay_collect_qr').notNull().default(''),
  wxpayCollectQr: text('wxpay_collect_qr').notNull().default(''),
  bankAccount: text('bank_account').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  /** A disabled contact is no longer handed to new registrations (users keep who they have). */
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
});
