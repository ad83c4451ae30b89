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
