import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { templates } from '../../tables.ts';
import { call, createTestEnv, createTestUser, type TestEnv, type TestUser } from '../../../test/support/support.ts';
import { TEMPLATES_MAX } from '../../../../common/plan-limits.ts';
import { LINKS, balanceOf, expectLedgerAddsUp, ledgerRows, planCount, sh, validForm } from '../../../test/support/plan-helpers.ts';

let env: TestEnv;
const NOW = '2026-11-30T10:30:00';
beforeAll(async () => {
  env = await createTestEnv({ now: sh(NOW) });
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(sh(NOW)));

const post = (user: TestUser, url: string, body: unknown) => call(env, 'POST', url, { token: user.token, body });
const formWithoutDate = async (over: Record<string, unknown> = {}) => {
  const { startDate: _s, ...form } = await validForm(env, over);
  return form;
};

describe('templates', () => {
  it('generates from a form, lists, updates and deletes', async () => {
    const user = await createTestUser(env);
    const form = await formWithoutDate({ itemUrl: `https://item.taobao.com/item.htm?spm=x&id=${LINKS.tb.itemId}` });
    const created = await post(user, '/api/plan/template/generate', { name: ' 保温杯模板 ', form });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ id: expect.any(Number), name: '保温杯模板', form: { ...form, itemUrl: LINKS.tb.itemUrl } });
    expect(created.body.data.form).not.toHaveProperty('startDate');
    const id = created.body.data.id;

    env.clock.advance(60_000);
    const renamed = await post(user, '/api/plan/template/update', {
      id,
      name: '新名字',
      form: { ...form, dailyCount: 12, distribution: form.distribution.map((n: number, h: number) => (h === 9 ? 6 : n)) },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: '新名字', form: { dailyCount: 12 } });
    expect(renamed.body.data.updatedAt).not.toBe(renamed.body.data.createdAt);

    const list = await call(env, 'GET', '/api/plan/template/list', { token: user.token });
    expect(list.body.data).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(list.body.data.list[0]).toMatchObject({ id, name: '新名字' });

    expect((await post(user, '/api/plan/template/delete', { id })).status).toBe(200);
    expect((await call(env, 'GET', '/api/plan/template/list', { token: user.token })).body.data.total).toBe(0);
    expect((await post(user, '/api/plan/template/delete', { id })).status).toBe(404);
  });

  it('ignores a start date in a template form (the plan page sends the whole form)', async () => {
    const user = await createTestUser(env);
    const res = await post(user, '/api/plan/template/generate', { name: '带日期', form: await validForm(env) });
    expect(res.status).toBe(200);
    expect(res.body.data.form).not.toHaveProperty('startDate');
  });

  it('generates from an own plan, named after it by default', async () => {
    const user = await createTestUser(env, { integral: 1000 });
    const plan = await post(user, '/api/plan/create', await validForm(env, { title: '来自计划的模板' }));
    const res = await post(user, '/api/plan/template/generate', { planId: plan.body.data.id });
    expect(res.status).toBe(200);
    const { startDate: _s, ...expected } = await validForm(env, { title: '来自计划的模板' });
    expect(res.body.data).toMatchObject({ name: '来自计划的模板', form: expected });
  });

  it('refuses bad template input with 400 in Chinese and writes nothing', async () => {
    const user = await createTestUser(env);
    const form = await formWithoutDate();
    const cases: [unknown, string | RegExp][] = [
      [{ name: '', form }, '请填写模板名称'],
      [{ name: '名'.repeat(51), form }, '模板名称不超过 50 个字'],
      [{ name: '缺内容' }, '请填写计划内容'],
      [{ name: '坏分布', form: { ...form, dailyCount: 11 } }, '时间分布合计须等于每日数量（当前合计 10，每日数量 11）'],
      [{ name: '坏链接', form: { ...form, itemUrl: 'not a link' } }, '无法识别的商品链接'],
      [{ name: '多余', form, extra: 1 }, '不支持的参数：extra'],
      [{ planId: 'x' }, '计划 ID 不正确'],
    ];
    for (const [body, message] of cases) {
      const res = await post(user, '/api/plan/template/generate', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
    const [row] = await env.ctx.db.select().from(templates).where(eq(templates.userId, user.id));
    expect(row).toBeUndefined();
    const update = await post(user, '/api/plan/template/update', { id: 1 });
    expect(update.status).toBe(400);
    expect(update.body.message).toBe('请填写要修改的模板名称或内容');
  });

  it('publishes with the chosen start date: same validation and charging as plan creation', async () => {
    const user = await createTestUser(env, { integral: 300, memberLevel: 5, memberDeadline: new Date('2027-01-01T00:00:00Z') });
    const tpl = (await post(user, '/api/plan/template/generate', { name: '发布', form: await formWithoutDate() })).body.data;
    const published = await post(user, '/api/plan/template/publish', { id: tpl.id, startDate: '2026-12-05' });
    expect(published.status).toBe(200);
    expect(published.body.data).toEqual({ id: expect.any(Number), totalCount: 30, firstDayCount: 10, totalCost: 108, integral: 192 }); // 4 x 30 x 0.9
    const detail = await call(env, 'GET', '/api/plan/manage/detail', { token: user.token, query: { id: published.body.data.id } });
    expect(detail.body.data.plan).toMatchObject({ startDate: '2026-12-05', discount: 0.9, totalCost: 108, title: tpl.form.title });
    expect((await ledgerRows(env, user.id)).at(-1)).toMatchObject({
      kind: 'plan_charge',
      delta: -108,
      reference: `plan:${published.body.data.id}`,
    });

    const past = await post(user, '/api/plan/template/publish', { id: tpl.id, startDate: '2026-11-29' });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('开始日期不能早于今天（2026-11-30）');
    // Today at 10:30, by the plan rule (the first-day cut): the 4 tasks of 09:00 are cut from today only,
    // so 6 + 10 + 10 = 26 tasks, floor(4 x 26 x 0.9 = 93.6) = 93 points.
    const today = await post(user, '/api/plan/template/publish', { id: tpl.id, startDate: '2026-11-30' });
    expect(today.status).toBe(200);
    expect(today.body.data).toEqual({ id: expect.any(Number), totalCount: 26, firstDayCount: 6, totalCost: 93, integral: 99 });
    const todayPlan = await call(env, 'GET', '/api/plan/manage/detail', { token: user.token, query: { id: today.body.data.id } });
    expect(todayPlan.body.data.plan).toMatchObject({ distribution: tpl.form.distribution, firstDayFromHour: 11, firstDayCount: 6 });

    const short = await post(user, '/api/plan/template/publish', { id: tpl.id, startDate: '2026-12-07' });
    expect(short.status).toBe(409);
    expect(short.body.data).toEqual({ needed: 108, available: 99 });
    expect(await planCount(env, user.id)).toBe(2);
    expect(await balanceOf(env, user.id)).toBe(99);
    await expectLedgerAddsUp(env, user.id, expect);
  });

  it('answers 404 for other users’ templates and plans, and leaves them untouched', async () => {
    const owner = await createTestUser(env, { integral: 1000 });
    const other = await createTestUser(env, { integral: 1000 });
    const tpl = (await post(owner, '/api/plan/template/generate', { name: '别人的', form: await formWithoutDate() })).body.data;
    const plan = (await post(owner, '/api/plan/create', await validForm(env))).body.data;
    for (const [url, body] of [
      ['/api/plan/template/update', { id: tpl.id, name: '偷改' }],
      ['/api/plan/template/delete', { id: tpl.id }],
      ['/api/plan/template/publish', { id: tpl.id, startDate: '2026-12-05' }],
      ['/api/plan/template/generate', { planId: plan.id }],
    ] as const) {
      const res = await post(other, url, body);
      expect(res.status, url).toBe(404);
    }
    expect((await call(env, 'GET', '/api/plan/template/list', { token: other.token })).body.data.total).toBe(0);
    const [row] = await env.ctx.db.select().from(templates).where(eq(templates.id, tpl.id));
    expect(row!.name).toBe('别人的');
    expect(await balanceOf(env, other.id)).toBe(1000);
    expect(await planCount(env, other.id)).toBe(0);
  });

  it(`keeps at most ${TEMPLATES_MAX} per account: the next is refused with 409 and a clear message, also when sent at once`, async () => {
    const user = await createTestUser(env);
    const form = await formWithoutDate();
    // Stored directly up to one short of the cap (as the API stores them), then filled through the API.
    const now = env.clock.now();
    await env.ctx.db
      .insert(templates)
      .values(
        Array.from({ length: TEMPLATES_MAX - 2 }, (_, i) => ({ userId: user.id, name: `模板${i}`, form, createdAt: now, updatedAt: now })),
      );
    const both = await Promise.all([1, 2, 3].map((i) => post(user, '/api/plan/template/generate', { name: `并发${i}`, form })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 200, 409]);
    expect(both.find((r) => r.status === 409)!.body).toEqual({
      success: false,
      message: `模板最多保存 ${TEMPLATES_MAX} 个，请删除不用的模板后再保存`,
    });
    expect(await env.ctx.db.$count(templates, eq(templates.userId, user.id))).toBe(TEMPLATES_MAX);
    // From a plan too; another account is not affected; deleting one makes room.
    const other = await createTestUser(env);
    expect((await post(other, '/api/plan/template/generate', { name: '别人的', form })).status).toBe(200);
    const listed = await call(env, 'GET', '/api/plan/template/list', { token: user.token, query: { page: 1, pageSize: 1 } });
    expect(listed.body.data.total).toBe(TEMPLATES_MAX);
    expect((await post(user, '/api/plan/template/delete', { id: listed.body.data.list[0].id })).status).toBe(200);
    expect((await post(user, '/api/plan/template/generate', { name: '腾出的位置', form })).status).toBe(200);
  });

  it('needs a login', async () => {
    expect((await call(env, 'GET', '/api/plan/template/list')).status).toBe(401);
  });
});
