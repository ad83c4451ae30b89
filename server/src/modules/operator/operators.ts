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

/** Every operator id in assignment order (registration hands them out in turn). */
export async function operatorIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: operators.id }).from(operators).orderBy(operators.id);
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
