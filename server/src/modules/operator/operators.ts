/** Operators (专属运营): the one a user is assigned, or the default one for visitors and the unassigned. */
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { operators } from '../../db/schema.ts';
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
});

/** Every enabled operator id in assignment order (registration hands them out in turn). */
export async function operatorIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: operators.id }).from(operators).where(eq(operators.enabled, true)).orderBy(operators.id);
  return rows.map((r) => r.id);
}

/** Where a user's transfer (collect) payments go: their operator's accounts, else the default operator's. */
export async function collectAccountFor(db: Executor, operatorId: number | null | undefined) {
  const operator = await operatorFor(db, operatorId);
  return {
    alipayCollectQr: operator?.alipayCollectQr ?? '',
    wxpayCollectQr: operator?.wxpayCollectQr ?? '',
    bankAccount: operator?.bankAccount ?? '',
  };
}

export type OperatorContact = Pick<OperatorRow, 'nickname' | 'avatar' | 'wechatQr' | 'remark'>;

/** Creates the default operator or changes its contact; answers the row as it was before (null when created). */
export async function saveDefaultOperator(db: Executor, contact: OperatorContact): Promise<OperatorRow | null> {
  const current = await defaultOperator(db);
  if (!current) await db.insert(operators).values({ ...contact, isDefault: true });
  else await db.update(operators).set(contact).where(eq(operators.id, current.id));
  return current;
}

/** First-start data: the default operator with its contact and collect accounts. */
export async function seedDefaultOperator(db: Executor): Promise<void> {
  await db.insert(operators).values({
    nickname: '小美',
    avatar: '/service/operator-avatar.svg',
    wechatQr: '/service/wechat-qr.svg',
    remark: '有任何问题请扫码添加微信，工作时间内 10 分钟内回复',
    alipayCollectQr: '/service/alipay-collect-qr.svg',
    wxpayCollectQr: '/service/wxpay-collect-qr.svg',
    bankAccount: '开户行：招商银行上海分行　户名：上海某某网络科技有限公司　账号：6214 8300 0000 0000',
    isDefault: true,
  });
}

/** What the console may set on a service contact (its contact card and its collect accounts). */
export type OperatorFields = Pick<
  OperatorRow,
  'nickname' | 'avatar' | 'wechatQr' | 'remark' | 'alipayCollectQr' | 'wxpayCollectQr' | 'bankAccount' | 'enabled'
>;

export async function listOperators(db: Executor): Promise<OperatorRow[]> {
  return db.select().from(operators).orderBy(operators.id);
}

export async function findOperator(db: Executor, id: number): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).for('update');
  return row ?? null;
}

export async function createOperator(tx: Executor, fields: Partial<OperatorFields> & Pick<OperatorFields, 'nickname' | 'avatar' | 'wechatQr'>): Promise<OperatorRow> {
  const [row] = await tx.insert(operators).values(fields).returning();
  return row!;
}

/** Changes a contact; answers the row before and after (null when it does not exist). */
export async function updateOperator(tx: Executor, id: number, fields: Partial<OperatorFields>): Promise<{ before: OperatorRow; after: OperatorRow } | null> {
  const before = await findOperator(tx, id);
  if (!before) return null;
  const [after] = await tx.update(operators).set(fields).where(eq(operators.id, id)).returning();
  return { before, after: after! };
}
