/**
 * Every write of the operator console, shared by its routes and the ops command line: each runs
 * through the owning module's functions in one transaction with its audit row (see audit.ts).
 * Each first checks the role matrix (permissions.ts) on the target as locked in that transaction;
 * a refusal rolls the change back and is audited on its own.
 */
import type { Executor, Tx } from '../../db/client.ts';
import type { AppContext } from '../../http/context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { PAY_TYPES } from '../../../../common/domain.ts';
import type { Logger } from '../../lib/logger.ts';
import { closeAccount, closeDeletedAccountOrders } from '../account/index.ts';
import { currentAnnouncement, replaceAnnouncement } from '../announcement/index.ts';
import {
  payOrder,
  cancelPendingOrder,
  markHeldPaymentRefunded,
  orderOwnerId,
  type OnReconciledPayment,
  type OrderPayments,
} from '../order/index.ts';
import { API_MESSAGES } from '../../http/messages.ts';
import { findOperator, saveDefaultOperator, setDefaultCollectDetail, type CollectAccount, type OperatorRow } from '../operator/index.ts';
import { changePoints } from '../points/index.ts';
import { revokeAllSessions, sessionSummary } from '../session/index.ts';
import {
  assignOperator,
  findUserById,
  lockUserByPhone,
  setDisabled,
  setMembership,
  setRole,
  toConsoleUser,
  type ConsoleRole,
  type UserRow,
} from '../user/index.ts';
import {
  audited,
  ConsoleRefusal,
  deletedAccountName,
  forgetAccountInAudit,
  MEMBERSHIP_ACTION,
  recordAudit,
  recordRefusal,
  userTarget,
  type Actor,
} from './audit.ts';
import { authorize, checkPointsCaps, POINTS_ACTION } from './permissions.ts';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** The account `phone`, locked for the rest of `tx`, once the role matrix allows `actor` to take `action` on it. */
async function lockedUser(tx: Tx, phone: string, actor: Actor, action: string): Promise<UserRow> {
  const user = await lockUserByPhone(tx, phone);
  if (!user) throw notFound(`用户不存在：${phone}`);
  authorize(actor, action, userTarget(user.id), user);
  return user;
}

/** The role matrix on an order's owner (confirming or cancelling it). */
async function authorizeOnOrder(tx: Executor, actor: Actor, action: string, orderNo: string): Promise<void> {
  if (actor.role === undefined) return;
  const ownerId = await orderOwnerId(tx, orderNo);
  const owner = ownerId === null ? null : await findUserById(tx, ownerId);
  authorize(actor, action, `order:${orderNo}`, owner);
}

/**
 * Marks a pending collect or contact-staff order paid through the one paying transaction (points
 * credited through the ledger, at most once). A second confirm changes nothing and writes no row.
 * Online orders are settled by their gateway; only the command line may confirm one by hand.
 */
export async function confirmOrder(ctx: Ctx, actor: Actor, orderNo: string, remark: string, opts: { allowOnline?: boolean } = {}) {
  try {
    await authorizeOnOrder(ctx.db, actor, 'order.confirm', orderNo);
  } catch (err) {
    if (err instanceof ConsoleRefusal) await recordRefusal(ctx, actor, err);
    throw err;
  }
  return payOrder(ctx, orderNo, {}, async (tx, result) => {
    const online = result.order.payType === PAY_TYPES.ALI_PAY || result.order.payType === PAY_TYPES.WX_PAY;
    if (online && !opts.allowOnline) throw conflict('在线支付订单由支付平台通知入账，不能人工确认');
    await recordAudit(
      tx,
      actor,
      'order.confirm',
      { target: `order:${orderNo}`, before: { status: 'pending' }, after: { status: 'paid', remark, integral: result.integral ?? null } },
      ctx.clock.now(),
    );
  });
}

/** Who credits a payment found in a gateway's bill (对账). */
export const RECONCILIATION_ACTOR: Actor = { id: null, name: 'reconcile', address: null };

/** The audit row of a payment that reconciliation credited, written in its paying transaction. */
export const auditReconciledPayment =
  (clock: { now(): Date }): OnReconciledPayment =>
  (tx, { gateway, day, result }) =>
    recordAudit(
      tx,
      RECONCILIATION_ACTOR,
      'order.reconcile',
      {
        target: `order:${result.order.orderNo}`,
        before: { status: 'unpaid' },
        after: { status: 'paid', gateway, billDay: day, integral: result.integral ?? null },
      },
      clock.now(),
    );

export const cancelOrder = (ctx: Ctx, actor: Actor, orderNo: string, remark: string) =>
  audited(ctx, actor, 'order.cancel', async (tx) => {
    await authorizeOnOrder(tx, actor, 'order.cancel', orderNo);
    const { before, after } = await cancelPendingOrder(tx, orderNo, ctx.clock.now());
    return { target: `order:${orderNo}`, before: { status: before.status }, after: { status: after.status, remark }, result: after };
  });

export const adjustPoints = (ctx: Ctx, actor: Actor, phone: string, delta: number, remark: string) =>
  audited(ctx, actor, POINTS_ACTION, async (tx) => {
    const user = await lockedUser(tx, phone, actor, POINTS_ACTION);
    await checkPointsCaps(tx, actor, userTarget(user.id), delta, {
      perAction: ctx.config.operatorPointsPerAction,
      perDay: ctx.config.operatorPointsPerDay,
      timeZone: ctx.config.timeZone,
      now: ctx.clock.now(),
    });
    const { balanceAfter } = await changePoints(tx, {
      userId: user.id,
      delta,
      kind: 'adjust',
      reference: null,
      remark,
      at: ctx.clock.now(),
    });
    const result = { before: user.integral, after: balanceAfter };
    return { target: userTarget(user.id), before: { integral: user.integral }, after: { integral: balanceAfter, delta, remark }, result };
  });

export const setMember = (ctx: Ctx, actor: Actor, phone: string, level: number, deadline: Date | null) =>
  audited(ctx, actor, MEMBERSHIP_ACTION, async (tx) => {
    const user = await lockedUser(tx, phone, actor, MEMBERSHIP_ACTION);
    const membership = { memberLevel: level, memberDeadline: deadline };
    await setMembership(tx, user.id, membership);
    const before = { memberLevel: user.memberLevel, memberDeadline: user.memberDeadline };
    return {
      target: userTarget(user.id),
      before,
      after: membership,
      result: { before: user, after: toConsoleUser({ ...user, ...membership }, ctx.clock.now()) },
    };
  });

/** Disables sign-in and ends every session of the account. */
export const disableUser = (ctx: Ctx, actor: Actor, phone: string, remark: string) =>
  audited(ctx, actor, 'user.disable', async (tx) => {
    const user = await lockedUser(tx, phone, actor, 'user.disable');
    if (user.disabledAt) throw conflict('该账号已是停用状态');
    const now = ctx.clock.now();
    const after = await setDisabled(tx, user.id, now);
    await revokeAllSessions(tx, user.id, now);
    return {
      target: userTarget(user.id),
      before: { disabled: false },
      after: { disabled: true, remark },
      result: toConsoleUser(after, now),
    };
  });

export const enableUser = (ctx: Ctx, actor: Actor, phone: string, remark: string) =>
  audited(ctx, actor, 'user.enable', async (tx) => {
    const user = await lockedUser(tx, phone, actor, 'user.enable');
    if (!user.disabledAt) throw conflict('该账号未被停用');
    const after = await setDisabled(tx, user.id, null);
    return {
      target: userTarget(user.id),
      before: { disabled: true },
      after: { disabled: false, remark },
      result: toConsoleUser(after, ctx.clock.now()),
    };
  });

export const logoutEverywhere = (ctx: Ctx, actor: Actor, phone: string) =>
  audited(ctx, actor, 'user.logout-all', async (tx) => {
    const user = await lockedUser(tx, phone, actor, 'user.logout-all');
    const now = ctx.clock.now();
    const { live } = await sessionSummary(tx, user.id, now);
    await revokeAllSessions(tx, user.id, now);
    return { target: userTarget(user.id), before: { liveSessions: live }, after: { liveSessions: 0 }, result: { ended: live } };
  });

/**
 * Deletes (注销) an account at its owner's request made through support (admins and the command
 * line): the same closure as the user's own deletion (account module), which also has the audit
 * log forget the phone; then its cancelled online orders are closed at their gateways. The audit
 * row names the account by id only, like every row about an account.
 */
export async function deleteUser(
  ctx: Ctx,
  actor: Actor,
  phone: string,
  remark: string,
  payments: OrderPayments,
  log: Pick<Logger, 'warn'>,
) {
  const closed = await deleteUserRow(ctx, actor, phone, remark);
  await closeDeletedAccountOrders(payments, closed, log);
  return closed;
}

const deleteUserRow = (ctx: Ctx, actor: Actor, phone: string, remark: string) =>
  audited(ctx, actor, 'user.delete', async (tx) => {
    const user = await lockedUser(tx, phone, actor, 'user.delete');
    const closed = await closeAccount(ctx, tx, user.id, forgetAccountInAudit);
    const before = { integral: user.integral, memberLevel: user.memberLevel };
    const after = {
      deleted: true,
      // Written after the account's earlier rows forgot its phone: the remark (typed from the request) must not bring it back.
      remark: remark.split(user.phone).join(deletedAccountName(user.id)),
      plansStopped: closed.plansStopped,
      refunded: closed.refunded,
      forfeited: closed.forfeited,
      ordersCancelled: closed.ordersCancelled,
    };
    return { target: userTarget(user.id), before, after, result: closed };
  });

/** Grants or revokes a console role; every session of the account ends (it signs in again with its new role). */
export const changeRole = (ctx: Ctx, actor: Actor, phone: string, role: ConsoleRole | null) =>
  audited(ctx, actor, role ? 'user.role-grant' : 'user.role-revoke', async (tx) => {
    const user = await lockedUser(tx, phone, actor, role ? 'user.role-grant' : 'user.role-revoke');
    const after = await setRole(tx, user.id, role);
    if (user.role !== role) await revokeAllSessions(tx, user.id, ctx.clock.now());
    return {
      target: userTarget(user.id),
      before: { role: user.role },
      after: { role },
      result: { before: user.role, user: toConsoleUser(after, ctx.clock.now()) },
    };
  });

export const assignContact = (ctx: Ctx, actor: Actor, phone: string, operatorId: number | null) =>
  audited(ctx, actor, 'user.contact', async (tx) => {
    const user = await lockedUser(tx, phone, actor, 'user.contact');
    if (operatorId !== null && !(await findOperator(tx, operatorId))) throw badRequest('客服不存在');
    const after = await assignOperator(tx, user.id, operatorId);
    return {
      target: userTarget(user.id),
      before: { operatorId: user.operatorId },
      after: { operatorId },
      result: toConsoleUser(after, ctx.clock.now()),
    };
  });

/** Marks a payment held for a deleted account as refunded (staff refunded it at the gateway); admins only. */
export const markRefunded = (ctx: Ctx, actor: Actor, orderNo: string, remark: string) =>
  audited(ctx, actor, 'refund.done', async (tx) => {
    authorize(actor, 'refund.done', `order:${orderNo}`, null);
    const m = API_MESSAGES.console;
    const { before, after } = await markHeldPaymentRefunded(
      tx,
      orderNo,
      { by: actor.name, remark, at: ctx.clock.now() },
      { unknown: m.refundUnknown, done: m.refundDone },
    );
    return {
      target: `order:${orderNo}`,
      before: { refunded: false, amount: before.amount },
      after: { refunded: true, remark },
      result: after,
    };
  });

/**
 * Creates or changes one row of another module's table with its audit row. `update` answers the
 * row before and after (null when there is no such row: 404); `check` may refuse the result (400),
 * which rolls the change back.
 */
export async function auditedUpdate<T>(
  ctx: Ctx,
  actor: Actor,
  action: string,
  target: string,
  update: (tx: Tx) => Promise<{ before: T | null; after: T } | null>,
  check?: (after: T) => void,
): Promise<T> {
  return audited(ctx, actor, action, async (tx) => {
    const changed = await update(tx);
    if (!changed) throw notFound();
    check?.(changed.after);
    return { target, before: changed.before, after: changed.after, result: changed.after };
  });
}

/** The top announcement replaced (the command line's `announce`): the old one disabled, the new one enabled. */
export const announce = (ctx: Ctx, actor: Actor, content: string) =>
  audited(ctx, actor, 'announcement.replace', async (tx) => {
    const now = ctx.clock.now();
    const before = await currentAnnouncement(tx, 'top', now);
    const { disabled } = await replaceAnnouncement(tx, 'top', content, now);
    return { target: 'announcement:top', before: { content: before }, after: { content }, result: { disabled } };
  });

/** The default contact changed or created (the command line's `operator:set`). */
export const setDefaultContact = (ctx: Ctx, actor: Actor, contact: Pick<OperatorRow, 'nickname' | 'avatar' | 'wechatQr' | 'remark'>) =>
  audited(ctx, actor, 'contact.update', async (tx) => {
    const before = await saveDefaultOperator(tx, contact);
    return { target: before ? `contact:${before.id}` : 'contact:default', before, after: contact, result: before };
  });

/** One collect detail of the default contact set, or withdrawn with '' (the command line's `collect:set`). */
export const setDefaultCollect = (ctx: Ctx, actor: Actor, field: keyof CollectAccount, value: string) =>
  audited(ctx, actor, 'collect.update', async (tx) => {
    const replaced = await setDefaultCollectDetail(tx, field, value);
    if (!replaced) throw notFound('还没有默认运营，请先用 operator:set 创建');
    return { target: `contact:${replaced.id}`, before: { [field]: replaced.before }, after: { [field]: value }, result: replaced };
  });
