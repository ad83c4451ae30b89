/**
 * 下载我的数据: a copy of everything the service holds about the signed-in account, made on
 * request as one JSON document: the profile, the sign-ins on record (address and device), orders,
 * the points ledger, plans (item links and keywords included) and templates. Only the caller's own
 * rows: every query is by the caller's id.
 */
import type { AppContext } from '../../http/context.ts';
import type { UserRow } from '../user/index.ts';
import { allOrdersOf } from '../order/index.ts';
import { allPlansOf } from '../plan/index.ts';
import { allLedgerOf } from '../points/index.ts';
import { signInsOf } from '../session/index.ts';
import { allTemplatesOf } from '../template/index.ts';
import { getUserData, inviteSummary } from '../user/index.ts';

export async function accountDataCopy(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, user: UserRow) {
  const { db, config } = ctx;
  const now = ctx.clock.now();
  const profile = await getUserData(db, user, now);
  const { invited } = await inviteSummary(db, user);
  return {
    exportedAt: now.toISOString(),
    timeZone: config.timeZone,
    profile: {
      ...profile,
      registeredAt: user.createdAt.toISOString(),
      invitedByAnotherUser: user.inviterId !== null,
      invitedUsers: invited,
      privacyAgreedAt: user.privacyAgreedAt?.toISOString() ?? null,
    },
    signIns: await signInsOf(db, user.id),
    orders: await allOrdersOf(db, user.id),
    pointsLedger: await allLedgerOf(db, user.id),
    plans: await allPlansOf(db, user.id, now, config.timeZone),
    templates: await allTemplatesOf(db, user.id),
  };
}
