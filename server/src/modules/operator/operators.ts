/** Operators (专属运营): the one a user is assigned, or the default one for visitors and the unassigned. */
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { operators } from './tables.ts';
import { bumpCacheVersion, cachedValue } from '../../db/shared-cache.ts';
import { PAY_TYPES } from '../../../../common/domain.ts';
import type { ServiceInfo } from '../../../../common/api-types.ts';

export type OperatorRow = typeof operators.$inferSelect;

export async function defaultOperator(db: Executor): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.isDefault, true)).orderBy(desc(operators.id)).limit(1);
  return row ?? null;
}

/** The user's operator when they have one (and it still exists), else the default operator. */
export async function operatorFor(db: Executor, operatorId: number | null | undefined): Promise<OperatorRow | null> {
  if (operatorId != null) {
    const [row] = await db.select().from(operators).where(eq(operators.id, operatorId)).limit(1);
    if (row) return row;
  }
  return defaultOperator(db);
}

export const toServiceInfo = (o: OperatorRow): ServiceInfo => ({
  wechatQr: o.wechatQr,
  avatar: o.avatar,
  nickname: o.nickname,
  remark: o.remark,
  wechatId: o.wechatId,
  phone: o.phone,
});

/** Every enabled operator id in assignment order (registration hands them out in turn). */
export async function operatorIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: operators.id }).from(operators).where(eq(operators.enabled, true)).orderBy(operators.id);
  return rows.map((r) => r.id);
}

/** Where a user's transfers go: the collect QR images and bank account of their operator (or the default one); '' when not set. */
export interface CollectAccount {
  alipayCollectQr: string;
  wxpayCollectQr: string;
  bankAccount: string;
  /** Who receives them ('' when not set). */
  collectPayee: string;
}

const collectAccountOf = (operator: OperatorRow | null | undefined): CollectAccount => ({
  alipayCollectQr: operator?.alipayCollectQr ?? '',
  wxpayCollectQr: operator?.wxpayCollectQr ?? '',
  bankAccount: operator?.bankAccount ?? '',
  collectPayee: operator?.collectPayee ?? '',
});

/** Where a user's transfer (collect) payments go: their operator's accounts, else the default operator's. */
export async function collectAccountFor(db: Executor, operatorId: number | null | undefined): Promise<CollectAccount> {
  return collectAccountOf(await operatorFor(db, operatorId));
}

/** Name of the operators' cache version: every change to the table bumps it. */
export const OPERATORS_CACHE = 'operators';

const loadOperators = (db: Executor): Promise<OperatorRow[]> => db.select().from(operators).orderBy(desc(operators.id));

/**
 * collectAccountFor from memory, for the pay-type list every purchase page asks for. Creating an
 * order and showing its payment details read the database (collectAccountFor).
 */
export async function cachedCollectAccountFor(db: Executor, operatorId: number | null | undefined): Promise<CollectAccount> {
  const all = await cachedValue(db, OPERATORS_CACHE, loadOperators);
  const own = operatorId != null ? all.find((o) => o.id === operatorId) : undefined;
  return collectAccountOf(own ?? all.find((o) => o.isDefault));
}

/** The detail a collect pay type shows (3 Alipay QR, 4 WeChat QR, 6 bank account); '' for other pay types or when not set. */
export function collectDetailFor(account: CollectAccount, payType: number): string {
  if (payType === PAY_TYPES.ALIPAY_COLLECT) return account.alipayCollectQr;
  if (payType === PAY_TYPES.WXPAY_COLLECT) return account.wxpayCollectQr;
  if (payType === PAY_TYPES.BANK_CARD_COLLECT) return account.bankAccount;
  return '';
}

/** Sets one collect detail of the default operator ('' withdraws it); answers the value it replaced, null when there is no default operator. */
export async function setDefaultCollectDetail(
  db: Executor,
  field: keyof CollectAccount,
  value: string,
): Promise<{ id: number; before: string } | null> {
  const current = await defaultOperator(db);
  if (!current) return null;
  await db
    .update(operators)
    .set({ [field]: value })
    .where(eq(operators.id, current.id));
  await bumpCacheVersion(db, OPERATORS_CACHE);
  return { id: current.id, before: current[field] };
}

export type OperatorContact = Pick<OperatorRow, 'nickname' | 'avatar' | 'wechatQr' | 'remark'>;

/** Creates the default operator or changes its contact; answers the row as it was before (null when created). */
export async function saveDefaultOperator(db: Executor, contact: OperatorContact): Promise<OperatorRow | null> {
  const current = await defaultOperator(db);
  if (!current) await db.insert(operators).values({ ...contact, isDefault: true });
  else await db.update(operators).set(contact).where(eq(operators.id, current.id));
  await bumpCacheVersion(db, OPERATORS_CACHE);
  return current;
}

/**
 * Demo collect details of the default operator, seeded outside production only: in production
 * users would pay into them, so ops set the real ones (`collect:set`) before transfers are offered.
 */
export const PLACEHOLDER_COLLECT_DETAILS: CollectAccount = {
  alipayCollectQr: '/service/alipay-collect-qr.svg',
  wxpayCollectQr: '/service/wxpay-collect-qr.svg',
  bankAccount: '开户行：招商银行上海分行　户名：上海某某网络科技有限公司　账号：6214 8300 0000 0000',
  collectPayee: '上海某某网络科技有限公司',
};

/** The WeChat QR code of the seeded default operator: a sample picture that reaches nobody. */
export const PLACEHOLDER_WECHAT_QR = '/service/wechat-qr.svg';

/** First-start data: the default operator with its contact, and (outside production) demo collect accounts. */
export async function seedDefaultOperator(db: Executor, opts: { demoCollectDetails: boolean }): Promise<void> {
  await db.insert(operators).values({
    nickname: '小美',
    avatar: '/service/operator-avatar.svg',
    wechatQr: PLACEHOLDER_WECHAT_QR,
    remark: '有任何问题请扫码添加微信，工作时间内 10 分钟内回复',
    ...(opts.demoCollectDetails ? PLACEHOLDER_COLLECT_DETAILS : {}),
    isDefault: true,
  });
  await bumpCacheVersion(db, OPERATORS_CACHE);
}

/**
 * Production databases seeded before the demo details were development-only still carry them:
 * clear each one that was never replaced, so no user is shown a demo account to pay into.
 */
export async function removePlaceholderCollectDetails(db: Executor): Promise<number> {
  let cleared = 0;
  for (const [field, placeholder] of Object.entries(PLACEHOLDER_COLLECT_DETAILS) as Array<[keyof CollectAccount, string]>) {
    const rows = await db
      .update(operators)
      .set({ [field]: '' })
      .where(eq(operators[field], placeholder))
      .returning({ id: operators.id });
    cleared += rows.length;
  }
  if (cleared > 0) await bumpCacheVersion(db, OPERATORS_CACHE);
  return cleared;
}

/**
 * Enabled contacts users are shown that still carry the sample WeChat QR code (every page's 联系客服
 * shows it): go-live refuses them. The default contact first.
 */
export async function contactsWithPlaceholderQr(db: Executor): Promise<Array<Pick<OperatorRow, 'id' | 'nickname' | 'isDefault'>>> {
  return db
    .select({ id: operators.id, nickname: operators.nickname, isDefault: operators.isDefault })
    .from(operators)
    .where(and(eq(operators.wechatQr, PLACEHOLDER_WECHAT_QR), eq(operators.enabled, true)))
    .orderBy(desc(operators.isDefault), operators.id);
}

/** Host names reserved for documentation and tests (RFC 2606, 6761): a picture there reaches nobody. */
const DOCUMENTATION_HOST = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/;

const onDocumentationHost = (url: string): boolean => {
  try {
    return DOCUMENTATION_HOST.test(new URL(url).hostname.toLowerCase().replace(/\.$/, ''));
  } catch {
    return false; // a path on this site (/service/…), or not a URL at all
  }
};

/** The pictures of a contact users are shown or pay into. */
export type ContactPicture = 'wechatQr' | 'alipayCollectQr' | 'wxpayCollectQr';

/**
 * Pictures of enabled contacts on a documentation host (static.example.com, copied from the docs'
 * examples): the WeChat QR code behind 联系客服, or a collect QR code users transfer money to.
 * Go-live refuses them like the seeded sample. The default contact first.
 */
export async function contactPicturesOnExampleHosts(
  db: Executor,
): Promise<Array<Pick<OperatorRow, 'id' | 'nickname' | 'isDefault'> & { picture: ContactPicture; url: string }>> {
  const rows = await db.select().from(operators).where(eq(operators.enabled, true)).orderBy(desc(operators.isDefault), operators.id);
  const pictures: ContactPicture[] = ['wechatQr', 'alipayCollectQr', 'wxpayCollectQr'];
  return rows.flatMap((row) =>
    pictures
      .filter((picture) => onDocumentationHost(row[picture]))
      .map((picture) => ({ id: row.id, nickname: row.nickname, isDefault: row.isDefault, picture, url: row[picture] })),
  );
}

/** What the console may set on a service contact (its contact card and its collect accounts). */
export type OperatorFields = Pick<
  OperatorRow,
  | 'nickname'
  | 'avatar'
  | 'wechatQr'
  | 'remark'
  | 'wechatId'
  | 'phone'
  | 'alipayCollectQr'
  | 'wxpayCollectQr'
  | 'bankAccount'
  | 'collectPayee'
  | 'enabled'
>;

export async function listOperators(db: Executor): Promise<OperatorRow[]> {
  return db.select().from(operators).orderBy(operators.id);
}

export async function findOperator(db: Executor, id: number): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).for('update');
  return row ?? null;
}

export async function createOperator(
  tx: Executor,
  fields: Partial<OperatorFields> & Pick<OperatorFields, 'nickname' | 'avatar' | 'wechatQr'>,
): Promise<OperatorRow> {
  const [row] = await tx.insert(operators).values(fields).returning();
  await bumpCacheVersion(tx, OPERATORS_CACHE);
  return row!;
}

/** Changes a contact; answers the row before and after (null when it does not exist). */
export async function updateOperator(
  tx: Executor,
  id: number,
  fields: Partial<OperatorFields>,
): Promise<{ before: OperatorRow; after: OperatorRow } | null> {
  const before = await findOperator(tx, id);
  if (!before) return null;
  const [after] = await tx.update(operators).set(fields).where(eq(operators.id, id)).returning();
  await bumpCacheVersion(tx, OPERATORS_CACHE);
  return { before, after: after! };
}
