/**
 * The console's role matrix, walked whole: each role (operator, admin) × each action on an account
 * or its order × each target (the actor's own account, an ordinary user, an operator, an admin).
 * Allowed: the action happens. Refused: 403 in Chinese, the target unchanged, and one
 * `console.refused` audit row naming the actor and the action. Then the operators' points caps
 * (per action, per business day, under concurrency) and admin-only routes. Runs on PGlite and,
 * with `npm run test:pg`, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, users } from '../../tables.ts';
import { API_MESSAGES, fill } from '../../http/messages.ts';
import { DAY } from '../../lib/clock.ts';
import { maskPhone } from '../user/index.ts';
import { call, createTestEnv, createTestUser, grantRole, type TestEnv, type TestUser } from '../../../test/support/support.ts';

type Role = 'operator' | 'admin';
type Target = 'self' | 'user' | 'operator' | 'admin';

let env: TestEnv;
const actors = {} as Record<Role, TestUser>;
let contactId: number;

beforeAll(async () => {
  // Default caps (OPERATOR_POINTS_PER_ACTION 10000, OPERATOR_POINTS_PER_DAY 50000); 10:00 in Shanghai.
  env = await createTestEnv({ now: '2026-11-30T02:00:00Z' });
  actors.operator = await grantRole(env, await createTestUser(env), 'operator');
  actors.admin = await grantRole(env, await createTestUser(env), 'admin');
  contactId = (await call(env, 'GET', '/api/admin/contacts', { token: actors.admin.token })).body.data[0].id;
});
afterAll(() => env?.close());

/** A pending bank-transfer order of `owner` (goods 1), for the order actions. */
async function pendingOrder(owner: TestUser): Promise<string> {
  const created = await call(env, 'POST', '/api/order/create', { token: owner.token, body: { goodsId: 1, payType: 6 } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.data.orderNo as string;
}

interface Case {
  /** The action name the refusal's audit row carries. */
  action: string;
  adminOnly?: boolean;
  /** The target must be disabled first (enable). */
  disabledFirst?: boolean;
  /** Needs a pending order of the target. */
  order?: boolean;
  run: (actor: TestUser, target: TestUser, orderNo: string, kind: Target) => ReturnType<typeof call>;
}

const post = (actor: TestUser, path: string, body: unknown = {}) => call(env, 'POST', path, { token: actor.token, body });
const future = () => new Date(env.clock.now().getTime() + 30 * DAY).toISOString();

const CASES: Case[] = [
  { action: 'user.points', run: (a, t) => post(a, `/api/admin/users/${t.phone}/points`, { delta: 10, remark: '矩阵' }) },
  { action: 'user.member', run: (a, t) => post(a, `/api/admin/users/${t.phone}/member`, { level: 3, deadline: future() }) },
  { action: 'user.disable', run: (a, t) => post(a, `/api/admin/users/${t.phone}/disable`, { remark: '矩阵' }) },
  { action: 'user.enable', disabledFirst: true, run: (a, t) => post(a, `/api/admin/users/${t.phone}/enable`, { remark: '矩阵' }) },
  { action: 'user.logout-all', run: (a, t) => post(a, `/api/admin/users/${t.phone}/logout-all`) },
  { action: 'user.delete', adminOnly: true, run: (a, t) => post(a, `/api/admin/users/${t.phone}/delete`, { remark: '矩阵' }) },
  {
    action: 'user.role-grant',
    adminOnly: true,
    // A role the target does not have yet (an admin is made an operator).
    run: (a, t, _no, kind) => post(a, `/api/admin/users/${t.phone}/role`, { role: kind === 'admin' ? 'operator' : 'admin' }),
  },
  { action: 'user.contact', adminOnly: true, run: (a, t) => post(a, `/api/admin/users/${t.phone}/contact`, { operatorId: contactId }) },
  { action: 'order.confirm', order: true, run: (a, _t, no) => post(a, `/api/admin/orders/${no}/confirm`, { remark: '矩阵' }) },
  { action: 'order.cancel', order: true, run: (a, _t, no) => post(a, `/api/admin/orders/${no}/cancel`, { remark: '矩阵' }) },
];

/** The matrix: nobody on their own account; operators on ordinary users only, and not the admin-only actions. */
function allowed(role: Role, c: Case, target: Target): boolean {
  if (target === 'self') return false;
  if (role === 'admin') return true;
  return target === 'user' && !c.adminOnly;
}

const ROWS = (['operator', 'admin'] as const).flatMap((role) =>
  (['self', 'user', 'operator', 'admin'] as const).flatMap((target) =>
    CASES.map((c) => ({ role, target, c, name: `${role} → ${c.action} → ${target}` })),
  ),
);

async function targetFor(role: Role, target: Target, c: Case): Promise<TestUser> {
  if (target === 'self') return actors[role];
  const user = await createTestUser(env, { integral: 100 });
  const made = target === 'user' ? user : await grantRole(env, user, target);
  if (c.disabledFirst) await env.ctx.db.update(users).set({ disabledAt: env.clock.now() }).where(eq(users.id, made.id));
  return made;
}

const stateOf = async (id: number) => {
  const [row] = await env.ctx.db.select().from(users).where(eq(users.id, id));
  return {
    phone: row!.phone,
    role: row!.role,
    integral: row!.integral,
    memberLevel: row!.memberLevel,
    disabled: row!.disabledAt !== null,
    deleted: row!.deletedAt !== null,
    operatorId: row!.operatorId,
  };
};

describe('the console role matrix: role × action × target', () => {
  it.each(ROWS)('$name', async ({ role, target, c }) => {
    const actor = actors[role];
    const who = await targetFor(role, target, c);
    const orderNo = c.order ? await pendingOrder(who) : '';
    const before = await stateOf(who.id);
    const refusalsBefore = await env.ctx.db.$count(auditLog, and(eq(auditLog.action, 'console.refused'), eq(auditLog.actorId, actor.id)));

    const done = () => env.ctx.db.$count(auditLog, and(eq(auditLog.action, c.action), eq(auditLog.actorId, actor.id)));
    const doneBefore = await done();
    const answer = await c.run(actor, who, orderNo, target);

    const refusals = await env.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'console.refused'), eq(auditLog.actorId, actor.id)))
      .orderBy(desc(auditLog.id));
    if (allowed(role, c, target)) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(refusals).toHaveLength(refusalsBefore);
      // It happened, audited under the actor's name.
      expect(await done()).toBe(doneBefore + 1);
    } else {
      expect(answer.status, JSON.stringify(answer.body)).toBe(403);
      const m = API_MESSAGES.console;
      const expected =
        target === 'self' && !(c.adminOnly && role === 'operator')
          ? m.notOnSelf
          : c.adminOnly && role === 'operator'
            ? m.adminOnly
            : m.notOnStaff;
      expect(answer.body.message).toBe(expected);
      expect(await stateOf(who.id)).toEqual(before);
      expect(refusals).toHaveLength(refusalsBefore + 1);
      expect(await done()).toBe(doneBefore);
      // Named like every audit row: the actor by id with a masked phone, an account target by id.
      expect(refusals[0]).toMatchObject({ actorId: actor.id, actor: maskPhone(actor.phone), clientAddress: '127.0.0.1' });
      if (!c.order && !(c.adminOnly && role === 'operator')) expect(refusals[0]!.target).toBe(`user:#${who.id}`);
      expect(JSON.stringify(refusals[0])).not.toContain(who.phone);
      expect((refusals[0]!.after as { action: string }).action).toMatch(
        c.adminOnly && role === 'operator' ? /\/api\/admin\/|user\./ : new RegExp(c.action.replace('.', '\\.')),
      );
      if (c.order)
        expect(
          (await call(env, 'GET', '/api/admin/orders', { token: actors.admin.token, query: { orderNo } })).body.data.list[0].status,
        ).toBe('pending');
    }
  });
});

describe("operators' points caps", () => {
  it('per action: above OPERATOR_POINTS_PER_ACTION (10000) is refused and audited; an admin may', async () => {
    const u = await createTestUser(env, { integral: 100 });
    const over = await post(actors.operator, `/api/admin/users/${u.phone}/points`, { delta: 10_001, remark: '超额' });
    expect(over.status).toBe(403);
    expect(over.body.message).toBe(fill(API_MESSAGES.console.pointsPerAction, { max: 10_000 }));
    const debit = await post(actors.operator, `/api/admin/users/${u.phone}/points`, { delta: -10_001, remark: '超额' });
    expect(debit.status).toBe(403);
    expect((await stateOf(u.id)).integral).toBe(100);
    const [refused] = await env.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'console.refused'), eq(auditLog.target, `user:#${u.id}`)))
      .orderBy(desc(auditLog.id));
    expect(refused!.after).toMatchObject({ action: 'user.points', delta: -10_001 });
    const byAdmin = await post(actors.admin, `/api/admin/users/${u.phone}/points`, { delta: 200_000, remark: '管理员' });
    expect(byAdmin.status).toBe(200);
    expect((await stateOf(u.id)).integral).toBe(200_100);
  });

  it('per business day: OPERATOR_POINTS_PER_DAY (50000) of credits and debits together, also when sent at once; the next day starts afresh', async () => {
    env.clock.advance(DAY); // a day of its own for this operator's count
    const operator = await grantRole(env, await createTestUser(env), 'operator');
    const u = await createTestUser(env, { integral: 50_000 });
    const adjust = (delta: number) => post(operator, `/api/admin/users/${u.phone}/points`, { delta, remark: '日限额' });
    expect((await adjust(10_000)).status).toBe(200);
    expect((await adjust(-10_000)).status).toBe(200);
    expect((await adjust(10_000)).status).toBe(200);
    // 30000 used: three of 10000 sent together, two fit.
    const both = await Promise.all([adjust(10_000), adjust(10_000), adjust(10_000)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 200, 403]);
    const refused = both.find((a) => a.status === 403)!;
    expect(refused.body.message).toBe(fill(API_MESSAGES.console.pointsPerDay, { used: 50_000, max: 50_000 }));
    expect((await adjust(1)).status).toBe(403);
    expect((await stateOf(u.id)).integral).toBe(50_000 + 30_000);
    env.clock.advance(DAY);
    expect((await adjust(10_000)).status).toBe(200);
  });
});

describe('a refusal sent with an Idempotency-Key', () => {
  it('is audited too: the keyed request rolls its transaction back, not the record of the refusal', async () => {
    const operator = await grantRole(env, await createTestUser(env), 'operator');
    const admin = await grantRole(env, await createTestUser(env), 'admin');
    const refused = () =>
      env.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'console.refused'), eq(auditLog.actorId, operator.id)));
    const keyed = (path: string, body: unknown, key: string) =>
      call(env, 'POST', path, { token: operator.token, body, headers: { 'idempotency-key': key } });
    const self = await keyed(`/api/admin/users/${operator.phone}/points`, { delta: 10, remark: '带键' }, 'refused-1');
    expect(self.status).toBe(403);
    const overCap = await keyed(
      `/api/admin/users/${(await createTestUser(env)).phone}/points`,
      { delta: 10_001, remark: '带键' },
      'refused-2',
    );
    expect(overCap.status).toBe(403);
    const adminsOrder = await keyed(`/api/admin/orders/${await pendingOrder(admin)}/confirm`, { remark: '带键' }, 'refused-3');
    expect(adminsOrder.status).toBe(403);
    expect((await refused()).map((row) => (row.after as { action: string }).action)).toEqual([
      'user.points',
      'user.points',
      'order.confirm',
    ]);
    // A repeat replays the kept refusal: nothing was tried again, nothing more to audit.
    const again = await keyed(`/api/admin/users/${operator.phone}/points`, { delta: 10, remark: '带键' }, 'refused-1');
    expect([again.status, again.headers['idempotent-replayed']]).toEqual([403, 'true']);
    expect(await refused()).toHaveLength(3);
  });
});

describe('routes by role', () => {
  it('an operator on an admin-only route: 403, audited; a user without a role: 403, not audited', async () => {
    const before = await env.ctx.db.$count(auditLog, eq(auditLog.action, 'console.refused'));
    const refused = await call(env, 'GET', '/api/admin/goods', { token: actors.operator.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(API_MESSAGES.console.adminOnly);
    const [row] = await env.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'console.refused'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      actor: maskPhone(actors.operator.phone),
      target: 'route:/api/admin/goods',
      after: { action: 'GET /api/admin/goods' },
    });
    const plain = await createTestUser(env);
    expect((await call(env, 'GET', '/api/admin/orders', { token: plain.token })).status).toBe(403);
    expect(await env.ctx.db.$count(auditLog, eq(auditLog.action, 'console.refused'))).toBe(before + 1);
  });

  it('an operator cannot remove the admins: no deletion, no role change, not even of ordinary users', async () => {
    const admin = await grantRole(env, await createTestUser(env), 'admin');
    for (const path of [`/api/admin/users/${admin.phone}/delete`, `/api/admin/users/${admin.phone}/role`]) {
      expect((await post(actors.operator, path, { remark: 'x', role: null })).status).toBe(403);
    }
    expect((await stateOf(admin.id)).role).toBe('admin');
    expect((await call(env, 'GET', '/api/admin/me', { token: admin.token })).status).toBe(200);
  });
});
