/**
 * /api/admin/*: the operator console. Routes are one table (ADMIN_ROUTES) so that every path is
 * guarded the same way — a visitor gets 401, a signed-in user without the route's role 403 — and
 * the tests can walk all of them. Operators handle orders and users; admins also goods, prices,
 * contacts, collect accounts, announcements, roles and the audit log.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { currentUser } from '../../http/context.ts';
import { badRequest, forbidden, notFound, ok } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import type { ConsoleUserDetail, ItemProviderState } from '../../../../common/admin-types.ts';
import { addDays, localDate, zonedInstant } from '../../../../common/zoned-time.ts';
import { createAnnouncement, listAnnouncements, updateAnnouncement } from '../announcement/index.ts';
import { MAX_IMAGE_BYTES, saveImage } from '../files/index.ts';
import { createGoods, listAllGoods, updateGoods, type GoodsRecord } from '../goods/index.ts';
import { latestReconciliationReports, listHeldPayments, listOrdersForConsole, recentOrdersOf, type OrderPayments } from '../order/index.ts';
import { createOperator, listOperators, updateOperator } from '../operator/index.ts';
import { createPriceRow, findPriceRow, priceTableForConsole, updatePriceRow } from '../plan-config/index.ts';
import { recentPlansOf } from '../plan/index.ts';
import { listLedger } from '../points/index.ts';
import { sessionSummary } from '../session/index.ts';
import { consoleStaff, findUserByPhone, maskPhone, roleAllows, searchUsers, toConsoleUser, type ConsoleRole } from '../user/index.ts';
import {
  adjustPoints,
  assignContact,
  auditedUpdate,
  cancelOrder,
  changeRole,
  confirmOrder,
  deleteUser,
  disableUser,
  enableUser,
  logoutEverywhere,
  markRefunded,
  setMember,
} from './actions.ts';
import { audited, ConsoleRefusal, listAudit, recordRefusal, type Actor } from './audit.ts';
import { API_MESSAGES } from '../../http/messages.ts';
import * as input from './input.ts';
import { dailyStats } from './stats.ts';
import { pathOf } from '../../../../common/routes.ts';
import * as routes from '../../../../common/routes.ts';

/** What a handler may use beyond the request: the app context and the online payment gateways. */
export interface AdminDeps {
  ctx: AppContext;
  payments: OrderPayments;
}

type Handler = (request: FastifyRequest, ctx: AppContext, reply: FastifyReply, deps: AdminDeps) => Promise<unknown>;

export interface AdminRoute {
  method: 'GET' | 'POST';
  url: string;
  role: ConsoleRole;
  handler: Handler;
  bodyLimit?: number;
  /** Moves money: honours an Idempotency-Key, so a repeated click or retry books once. */
  idempotent?: boolean;
}

const actorOf = (request: FastifyRequest): Actor => {
  const user = currentUser(request);
  return { id: user.id, name: maskPhone(user.phone), address: request.ip, role: user.role === 'admin' ? 'admin' : 'operator' };
};

/** `from`..`to` business days as instants (400 when the end precedes the start). */
function dayRange(q: { from?: string; to?: string }, timeZone: string): { from?: Date; to?: Date } {
  if (q.from && q.to && q.to < q.from) throw badRequest('结束日期不能早于开始日期');
  return { from: q.from ? zonedInstant(q.from, 0, 0, timeZone) : undefined, to: q.to ? zonedInstant(q.to, 1, 0, timeZone) : undefined };
}

const MAX_STATS_DAYS = 366;

function checkGoodsShape(g: GoodsRecord) {
  if (g.type === 'integral' && !(g.points && g.points > 0)) throw badRequest('积分商品须填写积分数量');
  if (g.type === 'member' && !(g.level && g.days)) throw badRequest('会员商品须填写会员等级（3、5、7）和天数');
}

async function userDetail(ctx: AppContext, phone: string): Promise<ConsoleUserDetail> {
  const user = await findUserByPhone(ctx.db, phone);
  if (!user) throw notFound(`用户不存在：${phone}`);
  const now = ctx.clock.now();
  const [ledger, orders, plans, sessions] = await Promise.all([
    listLedger(ctx.db, user.id, { page: 1, pageSize: 20 }),
    recentOrdersOf(ctx.db, user.id),
    recentPlansOf(ctx.db, user.id, now, ctx.config.timeZone),
    sessionSummary(ctx.db, user.id, now),
  ]);
  return {
    user: toConsoleUser(user, now),
    ledger,
    orders,
    plans,
    sessions: { live: sessions.live, lastLoginAt: sessions.lastLoginAt?.toISOString() ?? null },
  };
}

const priceKinds = {
  services: { kind: 'service', create: input.serviceCreateBody, update: input.serviceUpdateBody },
  conditions: { kind: 'condition', create: input.conditionCreateBody, update: input.conditionUpdateBody },
  options: { kind: 'option', create: input.optionCreateBody, update: input.optionUpdateBody },
} as const;

export const ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    url: routes.adminMe.path,
    role: 'operator',
    handler: async (r) => ({ phone: currentUser(r).phone, role: currentUser(r).role }),
  },

  // ---- orders (operator) ----
  {
    method: 'GET',
    url: routes.adminOrders.path,
    role: 'operator',
    handler: async (r, ctx) => {
      const q = parseInput(input.ordersQuery, r.query);
      let userId: number | undefined;
      if (q.phone) {
        const user = q.phone.length === 11 ? await findUserByPhone(ctx.db, q.phone) : null;
        userId = user?.id ?? -1;
      }
      const { from, to, ...filters } = q;
      return listOrdersForConsole(ctx.db, { ...filters, userId, ...dayRange({ from, to }, ctx.config.timeZone) }, ctx.clock.now());
    },
  },
  {
    method: 'POST',
    url: routes.adminOrderConfirm.path,
    role: 'operator',
    idempotent: true,
    handler: async (r, ctx) => {
      const { orderNo } = parseInput(input.orderParams, r.params);
      const { remark } = parseInput(input.remarkBody, r.body);
      return confirmOrder(ctx, actorOf(r), orderNo, remark);
    },
  },
  {
    method: 'POST',
    url: routes.adminOrderCancel.path,
    role: 'operator',
    handler: async (r, ctx) => {
      const { orderNo } = parseInput(input.orderParams, r.params);
      const { remark } = parseInput(input.remarkBody, r.body);
      return cancelOrder(ctx, actorOf(r), orderNo, remark);
    },
  },

  // ---- users (operator) ----
  {
    method: 'GET',
    url: routes.adminUsers.path,
    role: 'operator',
    handler: async (r, ctx) => searchUsers(ctx.db, parseInput(input.usersQuery, r.query), ctx.clock.now()),
  },
  {
    method: 'GET',
    url: routes.adminUser.path,
    role: 'operator',
    handler: async (r, ctx) => userDetail(ctx, parseInput(input.phoneParams, r.params).phone),
  },
  {
    method: 'POST',
    url: routes.adminUserPoints.path,
    role: 'operator',
    idempotent: true,
    handler: async (r, ctx) => {
      const { phone } = parseInput(input.phoneParams, r.params);
      const { delta, remark } = parseInput(input.pointsBody, r.body);
      return adjustPoints(ctx, actorOf(r), phone, delta, remark);
    },
  },
  {
    method: 'POST',
    url: routes.adminUserMember.path,
    role: 'operator',
    handler: async (r, ctx) => {
      const { phone } = parseInput(input.phoneParams, r.params);
      const { level, deadline } = parseInput(input.memberBody, r.body);
      if (level > 1 && deadline! <= ctx.clock.now()) throw badRequest('到期时间须晚于现在（结束会员请设为等级 1）');
      return (await setMember(ctx, actorOf(r), phone, level, level > 1 ? deadline! : null)).after;
    },
  },
  {
    method: 'POST',
    url: routes.adminUserDisable.path,
    role: 'operator',
    handler: async (r, ctx) =>
      disableUser(ctx, actorOf(r), parseInput(input.phoneParams, r.params).phone, parseInput(input.remarkBody, r.body).remark),
  },
  {
    method: 'POST',
    url: routes.adminUserEnable.path,
    role: 'operator',
    handler: async (r, ctx) =>
      enableUser(ctx, actorOf(r), parseInput(input.phoneParams, r.params).phone, parseInput(input.remarkBody, r.body).remark),
  },
  {
    method: 'POST',
    url: routes.adminUserDelete.path,
    role: 'admin',
    handler: async (r, ctx, _reply, { payments }) =>
      deleteUser(
        ctx,
        actorOf(r),
        parseInput(input.phoneParams, r.params).phone,
        parseInput(input.remarkBody, r.body).remark,
        payments,
        r.log,
      ),
  },
  {
    method: 'POST',
    url: routes.adminUserLogoutAll.path,
    role: 'operator',
    handler: async (r, ctx) => logoutEverywhere(ctx, actorOf(r), parseInput(input.phoneParams, r.params).phone),
  },
  {
    method: 'GET',
    url: routes.adminStats.path,
    role: 'operator',
    handler: async (r, ctx) => {
      const q = parseInput(input.statsQuery, r.query);
      const today = localDate(ctx.clock.now(), ctx.config.timeZone);
      const to = q.to ?? today;
      const from = q.from ?? addDays(to, -29);
      if (to < from) throw badRequest('结束日期不能早于开始日期');
      if (addDays(from, MAX_STATS_DAYS - 1) < to) throw badRequest(`统计范围最多 ${MAX_STATS_DAYS} 天`);
      return dailyStats(ctx, from, to);
    },
  },

  // ---- roles and contact assignment (admin) ----
  { method: 'GET', url: routes.adminStaff.path, role: 'admin', handler: async (_r, ctx) => consoleStaff(ctx.db, ctx.clock.now()) },
  {
    method: 'POST',
    url: routes.adminUserRole.path,
    role: 'admin',
    handler: async (r, ctx) => {
      const { phone } = parseInput(input.phoneParams, r.params);
      const { role } = parseInput(input.roleBody, r.body);
      return (await changeRole(ctx, actorOf(r), phone, role)).user;
    },
  },
  {
    method: 'POST',
    url: routes.adminUserContact.path,
    role: 'admin',
    handler: async (r, ctx) => {
      const { phone } = parseInput(input.phoneParams, r.params);
      return assignContact(ctx, actorOf(r), phone, parseInput(input.contactAssignBody, r.body).operatorId);
    },
  },

  // ---- goods (admin) ----
  { method: 'GET', url: routes.adminGoods.path, role: 'admin', handler: async (_r, ctx) => listAllGoods(ctx.db) },
  {
    method: 'POST',
    url: routes.adminGoodsCreate.path,
    role: 'admin',
    handler: async (r, ctx) => {
      const body = parseInput(input.goodsCreateBody, r.body);
      return auditedUpdate(
        ctx,
        actorOf(r),
        'goods.create',
        'goods:new',
        async (tx) => ({ before: null, after: await createGoods(tx, body) }),
        checkGoodsShape,
      );
    },
  },
  {
    method: 'POST',
    url: routes.adminGoodsUpdate.path,
    role: 'admin',
    handler: async (r, ctx) => {
      const { id } = parseInput(input.idParams, r.params);
      const body = parseInput(input.goodsUpdateBody, r.body);
      return auditedUpdate(ctx, actorOf(r), 'goods.update', `goods:${id}`, (tx) => updateGoods(tx, id, body), checkGoodsShape);
    },
  },

  // ---- price table (admin) ----
  { method: 'GET', url: routes.adminPriceTable.path, role: 'admin', handler: async (_r, ctx) => priceTableForConsole(ctx.db) },
  ...Object.entries(priceKinds).flatMap(([path, { kind, create, update }]): AdminRoute[] => [
    {
      method: 'POST',
      url: pathOf(routes.adminPriceRowCreate, { kind: path }),
      role: 'admin',
      handler: async (r, ctx) => {
        const body = parseInput(create, r.body) as Record<string, unknown>;
        return auditedUpdate(ctx, actorOf(r), `price.${kind}-create`, `${kind}:new`, async (tx) => {
          const parentKind = 'configId' in body ? 'service' : 'conditionId' in body ? 'condition' : null;
          const parentId = (body.configId ?? body.conditionId) as number | undefined;
          if (parentKind && !(await findPriceRow(tx, parentKind, parentId!)))
            throw badRequest(parentKind === 'service' ? '基础服务不存在' : '深度条件不存在');
          return { before: null, after: await createPriceRow(tx, kind, body as never) };
        });
      },
    },
    {
      method: 'POST',
      url: pathOf(routes.adminPriceRowUpdate, { kind: path }),
      role: 'admin',
      handler: async (r, ctx) => {
        const { id } = parseInput(input.idParams, r.params);
        const body = parseInput(update, r.body);
        return auditedUpdate(ctx, actorOf(r), `price.${kind}-update`, `${kind}:${id}`, (tx) => updatePriceRow(tx, kind, id, body as never));
      },
    },
  ]),

  // ---- service contacts and collect accounts (admin) ----
  { method: 'GET', url: routes.adminContacts.path, role: 'admin', handler: async (_r, ctx) => listOperators(ctx.db) },
  {
    method: 'POST',
    url: routes.adminContactCreate.path,
    role: 'admin',
    handler: async (r, ctx) => {
      const body = parseInput(input.contactCreateBody, r.body);
      return auditedUpdate(ctx, actorOf(r), 'contact.create', 'contact:new', async (tx) => ({
        before: null,
        after: await createOperator(tx, body),
      }));
    },
  },
  {
    method: 'POST',
    url: routes.adminContactUpdate.path,
    role: 'admin',
    handler: async (r, ctx) => {
      const { id } = parseInput(input.idParams, r.params);
      const body = parseInput(input.contactUpdateBody, r.body);
      return auditedUpdate(ctx, actorOf(r), 'contact.update', `contact:${id}`, (tx) => updateOperator(tx, id, body));
    },
  },
  {
    method: 'POST',
    url: routes.adminCollectAccounts.path,
    role: 'admin',
    handler: async (r, ctx) => {
      const { id } = parseInput(input.idParams, r.params);
      const body = parseInput(input.collectBody, r.body);
      return auditedUpdate(ctx, actorOf(r), 'collect.update', `contact:${id}`, (tx) => updateOperator(tx, id, body));
    },
  },
  {
    method: 'POST',
    url: routes.adminFiles.path,
    role: 'admin',
    bodyLimit: 2 * MAX_IMAGE_BYTES,
    handler: async (r, ctx) => {
      const bytes = Buffer.isBuffer(r.body) ? r.body : Buffer.alloc(0);
      return audited(ctx, actorOf(r), 'file.upload', async (tx) => {
        const saved = await saveImage(tx, r.headers['content-type'], bytes);
        return {
          target: `file:${saved.id}`,
          before: null,
          after: { url: saved.url, contentType: saved.contentType, size: saved.size },
          result: saved,
        };
      });
    },
  },

  // ---- announcements (admin) ----
  { method: 'GET', url: routes.adminAnnouncements.path, role: 'admin', handler: async (_r, ctx) => listAnnouncements(ctx.db) },
  {
    method: 'POST',
    url: routes.adminAnnouncementCreate.path,
    role: 'admin',
    handler: async (r, ctx) => {
      const body = parseInput(input.announcementCreateBody, r.body);
      return auditedUpdate(ctx, actorOf(r), 'announcement.create', 'announcement:new', async (tx) => ({
        before: null,
        after: await createAnnouncement(tx, body, ctx.clock.now()),
      }));
    },
  },
  {
    method: 'POST',
    url: routes.adminAnnouncementUpdate.path,
    role: 'admin',
    handler: async (r, ctx) => {
      const { id } = parseInput(input.idParams, r.params);
      const body = parseInput(input.announcementUpdateBody, r.body);
      return auditedUpdate(ctx, actorOf(r), 'announcement.update', `announcement:${id}`, (tx) => updateAnnouncement(tx, id, body));
    },
  },

  // ---- audit (admin) ----
  {
    method: 'GET',
    url: routes.adminAudit.path,
    role: 'admin',
    handler: async (r, ctx) => {
      const q = parseInput(input.auditQuery, r.query);
      const { from, to, ...filters } = q;
      const lookUpUserId = async (phone: string) => (await findUserByPhone(ctx.db, phone))?.id ?? null;
      return listAudit(ctx.db, { ...filters, ...dayRange({ from, to }, ctx.config.timeZone) }, lookUpUserId);
    },
  },

  // ---- reconciliation with the gateways (对账, operator) ----
  {
    method: 'GET',
    url: routes.adminReconciliation.path,
    role: 'operator',
    handler: async (_r, ctx) => latestReconciliationReports(ctx.db),
  },

  // ---- payments for deleted accounts: refunds to make (operator sees, admin marks) ----
  {
    method: 'GET',
    url: routes.adminRefunds.path,
    role: 'operator',
    handler: async (_r, ctx) => listHeldPayments(ctx.db),
  },
  {
    method: 'POST',
    url: routes.adminRefundDone.path,
    role: 'admin',
    handler: async (r, ctx) => {
      const { orderNo } = parseInput(input.orderParams, r.params);
      const { remark } = parseInput(input.remarkBody, r.body);
      return markRefunded(ctx, actorOf(r), orderNo, remark);
    },
  },
];

export interface AdminRoutesOptions {
  /** The gateway of each online pay type: a deleted account's pending online orders are closed there. */
  payments: OrderPayments;
  /** Each platform's product API: on or off, latest success and failure (the item module's lookup). */
  itemProviders: () => Promise<ItemProviderState[]>;
}

export async function adminRoutes(app: FastifyInstance, { payments, itemProviders }: AdminRoutesOptions) {
  // Uploads arrive as raw image bytes; their type is checked from the bytes by the files module.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const deps: AdminDeps = { ctx: app.ctx, payments };
  const guard = (route: Pick<AdminRoute, 'method' | 'url' | 'role'>) => async (request: FastifyRequest) => {
    await app.requireUser(request);
    const role = currentUser(request).role;
    if (roleAllows(role, route.role)) return;
    if (!role) throw forbidden(API_MESSAGES.console.noConsole);
    // Staff beyond their role (an operator on an admin-only route): refused and audited.
    const refusal = new ConsoleRefusal(API_MESSAGES.console.adminOnly, `${route.method} ${route.url}`, `route:${route.url}`);
    await recordRefusal(app.ctx, actorOf(request), refusal);
    throw refusal;
  };
  for (const route of ADMIN_ROUTES) {
    app.route({
      method: route.method,
      url: route.url,
      bodyLimit: route.bodyLimit,
      preHandler: guard(route),
      config: { idempotent: route.idempotent === true },
      handler: async (request, reply) => ok(await route.handler(request, app.ctx, reply, deps)),
    });
  }
  // 商品接口 (operator): the providers come from the composition root, not from a module's table
  app.get(
    routes.adminItemProviders.path,
    { preHandler: guard({ method: 'GET', url: routes.adminItemProviders.path, role: 'operator' }) },
    async () => ok(await itemProviders()),
  );
}
