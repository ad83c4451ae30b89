import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { plans } from '../../tables.ts';
import { createSession } from '../session/index.ts';
import { call, createTestEnv, createTestUser, type TestEnv, type TestUser } from '../../../test/support/support.ts';
import {
  DIST_9_20,
  LINKS,
  UNIT_COST,
  balanceOf,
  bulkPlanRow,
  expectLedgerAddsUp,
  ledgerRows,
  planCount,
  sh,
  validForm,
} from '../../../test/support/plan-helpers.ts';

let env: TestEnv;
const NOW = '2026-11-30T10:30:00'; // Shanghai; plans start 2026-12-01 by default
beforeAll(async () => {
  env = await createTestEnv({ now: sh(NOW), verifyMoney: false }); // plans inserted in bulk, without their charges
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(sh(NOW)));

/** A fresh session at the clock's time (sessions last 7 days; some tests jump further). */
const freshToken = (user: TestUser) => createSession(env.ctx.db, user.id, env.clock);

const create = (user: TestUser, body: unknown) => call(env, 'POST', '/api/plan/create', { token: user.token, body });

describe('plan creation and cost', () => {
  it.each([
    [1, null, 100],
    [3, '2027-01-01T00:00:00Z', 95],
    [5, '2027-01-01T00:00:00Z', 90],
    [7, '2027-01-01T00:00:00Z', 85],
    [7, '2026-11-01T00:00:00Z', 100], // expired diamond counts as level 1
  ])('level %i (deadline %s) pays %i%% of unit x daily x days, rounded down (never against the seller)', async (level, deadline, pct) => {
    const user = await createTestUser(env, { integral: 5000, memberLevel: level, memberDeadline: deadline ? new Date(deadline) : null });
    const form = await validForm(env, { dailyCount: 13, days: 3, distribution: DIST_9_20.map((n, h) => (h === 20 ? 9 : n)) });
    const res = await create(user, form);
    expect(res.status).toBe(200);
    const expected = Math.floor((UNIT_COST * 13 * 3 * pct) / 100);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      totalCount: 39,
      firstDayCount: 13,
      totalCost: expected,
      integral: 5000 - expected,
    });
    expect(await balanceOf(env, user.id)).toBe(5000 - expected);
    const ledger = await ledgerRows(env, user.id);
    expect(ledger.at(-1)).toMatchObject({
      delta: -expected,
      kind: 'plan_charge',
      reference: `plan:${res.body.data.id}`,
      balanceAfter: 5000 - expected,
    });
    await expectLedgerAddsUp(env, user.id, expect);

    const detail = await call(env, 'GET', '/api/plan/manage/detail', { token: user.token, query: { id: res.body.data.id } });
    expect(detail.body.data.plan).toMatchObject({
      unitCost: UNIT_COST,
      discount: pct / 100,
      totalCount: 39,
      totalCost: expected,
      configName: '搜索浏览',
      optionIds: form.optionIds,
      keywords: form.keywords,
      status: 'pending',
      statusText: '待开始',
      dispatched: 0,
      refunded: 0,
    });
  });

  it('answers 409 积分不足 with needed and available, and creates nothing', async () => {
    const user = await createTestUser(env, { integral: 100 });
    const res = await create(user, await validForm(env)); // 4 x 10 x 3 = 120
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('积分不足');
    expect(res.body.data).toEqual({ needed: 120, available: 100 });
    expect(await planCount(env, user.id)).toBe(0);
    expect(await balanceOf(env, user.id)).toBe(100);
    expect(await ledgerRows(env, user.id)).toHaveLength(1);
  });

  it('keeps the snapshot when prices change later', async () => {
    const user = await createTestUser(env, { integral: 1000 });
    const res = await create(user, await validForm(env));
    const { planConfigs } = await import('../../tables.ts');
    const form = await validForm(env);
    const [before] = await env.ctx.db.select().from(planConfigs).where(eq(planConfigs.id, form.configId));
    await env.ctx.db.update(planConfigs).set({ integral: 50 }).where(eq(planConfigs.id, form.configId));
    try {
      const detail = await call(env, 'GET', '/api/plan/manage/detail', { token: user.token, query: { id: res.body.data.id } });
      expect(detail.body.data.plan.unitCost).toBe(UNIT_COST);
      expect(detail.body.data.plan.options.map((o: any) => o.optionLabel)).toEqual(['120 秒', '不需要', '需要']);
    } finally {
      await env.ctx.db.update(planConfigs).set({ integral: before!.integral }).where(eq(planConfigs.id, form.configId));
    }
  });

  it('stores the canonical product link', async () => {
    const user = await createTestUser(env, { integral: 1000 });
    const res = await create(
      user,
      await validForm(env, { itemUrl: '【淘宝】好物 https://item.taobao.com/item.htm?spm=abc&id=612345678901 复制打开' }),
    );
    expect(res.status).toBe(200);
    const detail = await call(env, 'GET', '/api/plan/manage/detail', { token: user.token, query: { id: res.body.data.id } });
    expect(detail.body.data.plan.itemUrl).toBe(LINKS.tb.itemUrl);
  });
});

describe('plan form validation: 400 in Chinese, nothing written', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser(env, { integral: 100000 });
  });

  const badCases: [string, (f: Record<string, any>) => Record<string, any>, string | RegExp][] = [
    ['no keywords', (f) => ({ ...f, keywords: [] }), '请至少填写 1 个关键词'],
    ['six keywords', (f) => ({ ...f, keywords: ['a', 'b', 'c', 'd', 'e', 'f'] }), '关键词最多 5 个'],
    ['a blank keyword', (f) => ({ ...f, keywords: ['保温杯', '   '] }), '关键词不能为空'],
    ['a 31-character keyword', (f) => ({ ...f, keywords: ['长'.repeat(31)] }), '每个关键词不超过 30 个字'],
    ['duplicate keywords (after trimming)', (f) => ({ ...f, keywords: ['保温杯', ' 保温杯 '] }), '关键词不能重复'],
    ['a base service of another platform', (f) => ({ ...f, flowType: 'jd', ...LINKS.jd }), /基础服务|深度条件/],
    ['a missing condition choice', (f) => ({ ...f, optionIds: f.optionIds.slice(0, 2) }), '请为「货比三家」选择一个选项'],
    ['two options of one condition', (f) => ({ ...f, optionIds: [...f.optionIds, f.optionIds[0] + 1] }), /选择一个选项/],
    ['dailyCount 0', (f) => ({ ...f, dailyCount: 0 }), '每日数量须在 1 到 10000 之间'],
    ['dailyCount 10001', (f) => ({ ...f, dailyCount: 10001 }), '每日数量须在 1 到 10000 之间'],
    ['dailyCount as text', (f) => ({ ...f, dailyCount: '10' }), '请填写每日数量'],
    ['days 0', (f) => ({ ...f, days: 0 }), '天数须在 1 到 90 之间'],
    ['days 91', (f) => ({ ...f, days: 91 }), '天数须在 1 到 90 之间'],
    ['23 hours', (f) => ({ ...f, distribution: f.distribution.slice(1) }), '时间分布须有 24 个小时'],
    [
      'a negative hour',
      (f) => ({ ...f, distribution: f.distribution.map((n: number, h: number) => (h === 0 ? -1 : h === 9 ? 5 : n)) }),
      '时间分布须是非负整数',
    ],
    [
      'a fractional hour',
      (f) => ({ ...f, distribution: f.distribution.map((n: number, h: number) => (h === 9 ? 3.5 : n)) }),
      '时间分布须是非负整数',
    ],
    ['hours not summing to dailyCount', (f) => ({ ...f, dailyCount: 11 }), '时间分布合计须等于每日数量（当前合计 10，每日数量 11）'],
    ['a start date in the past', (f) => ({ ...f, startDate: '2026-11-29' }), '开始日期不能早于今天（2026-11-30）'],
    ['a malformed date', (f) => ({ ...f, startDate: '2026/12/01' }), '开始日期格式应为 YYYY-MM-DD'],
    ['an impossible date', (f) => ({ ...f, startDate: '2027-02-30' }), '开始日期格式应为 YYYY-MM-DD'],
    [
      'today with every task in an hour already begun, and no other day',
      (f) => ({ ...f, startDate: '2026-11-30', days: 1, distribution: f.distribution.map((_n: number, h: number) => (h === 9 ? 10 : 0)) }),
      '今天剩余的时段没有任务，请调整时段分布或从明天开始',
    ],
    ['a garbage link', (f) => ({ ...f, itemUrl: 'https://example.com/x?id=612345678901' }), '无法识别的商品链接'],
    ['a JD link on Taobao', (f) => ({ ...f, ...LINKS.jd }), /京东商品，与所选平台（淘宝\/天猫）不符/],
    ['an item id not of the link', (f) => ({ ...f, itemId: '612345678902' }), '商品 ID 与商品链接不一致'],
    ['an empty title', (f) => ({ ...f, title: '  ' }), '请填写商品标题'],
    ['a 101-character title', (f) => ({ ...f, title: '标'.repeat(101) }), '商品标题不超过 100 个字'],
    ['a javascript: image', (f) => ({ ...f, image: 'javascript:alert(1)' }), '商品图片须是 http(s) 链接'],
    ['an unknown field', (f) => ({ ...f, unitCost: 0 }), '不支持的参数：unitCost'],
    ['an unknown platform', (f) => ({ ...f, flowType: 'amazon' }), /平台类型不正确/],
  ];

  it.each(badCases)('refuses %s', async (_name, mutate, message) => {
    const before = await balanceOf(env, user.id);
    const res = await create(user, mutate(await validForm(env)));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
    expect(await planCount(env, user.id)).toBe(0);
    expect(await balanceOf(env, user.id)).toBe(before);
  });

  it('accepts today when only hours not yet begun hold tasks', async () => {
    const later = Array.from({ length: 24 }, (_, h) => (h === 11 ? 5 : h === 23 ? 5 : 0));
    const res = await create(user, await validForm(env, { startDate: '2026-11-30', distribution: later }));
    expect(res.status).toBe(200);
    const list = await call(env, 'GET', '/api/plan/manage/list', { token: user.token });
    expect(list.body.data.list[0]).toMatchObject({ startDate: '2026-11-30', status: 'pending' });
  });

  it('needs a login', async () => {
    const res = await call(env, 'POST', '/api/plan/create', { body: await validForm(env) });
    expect(res.status).toBe(401);
  });
});

describe('status, lists and counts follow the clock', () => {
  let user: TestUser;
  let ids: { a: number; b: number; c: number };
  beforeAll(async () => {
    env.clock.set(sh(NOW));
    user = await createTestUser(env, { integral: 10000 });
    const a = await create(user, await validForm(env, { startDate: '2026-12-01', days: 1, title: '计划A 保温杯' }));
    const b = await create(
      user,
      await validForm(env, { startDate: '2026-12-02', days: 2, title: '计划B 电饭煲', keywords: ['电饭煲'], ...LINKS.tb }),
    );
    const c = await create(
      user,
      await validForm(env, {
        startDate: '2026-12-10',
        days: 1,
        title: '计划C 雨伞',
        keywords: ['雨伞'],
        flowType: 'jd',
        ...LINKS.jd,
        configId: undefined,
      }).then(async (f) => {
        const { loadPlanConfigs } = await import('../plan-config/index.ts');
        const [jd] = await loadPlanConfigs(env.ctx.db, ['jd']);
        const svc = jd!.planConfigList[1]!; // 关注店铺 3, one condition
        return { ...f, configId: svc.id, optionIds: [svc.conditionList[0]!.optionList[0]!.id] };
      }),
    );
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    ids = { a: a.body.data.id, b: b.body.data.id, c: c.body.data.id };
  });

  const statusesAt = async (local: string) => {
    env.clock.set(sh(local));
    const list = await call(env, 'GET', '/api/plan/manage/list', { token: await freshToken(user), query: { pageSize: 100 } });
    return Object.fromEntries(
      list.body.data.list.map((p: any) => [p.id === ids.a ? 'a' : p.id === ids.b ? 'b' : 'c', [p.status, p.dispatched]]),
    );
  };

  it('derives status and dispatched at chosen times', async () => {
    expect(await statusesAt('2026-12-01T08:00:00')).toEqual({ a: ['pending', 0], b: ['pending', 0], c: ['pending', 0] });
    expect(await statusesAt('2026-12-01T09:00:00')).toEqual({ a: ['running', 4], b: ['pending', 0], c: ['pending', 0] });
    expect(await statusesAt('2026-12-01T21:00:00')).toEqual({ a: ['completed', 10], b: ['pending', 0], c: ['pending', 0] });
    expect(await statusesAt('2026-12-03T09:30:00')).toEqual({ a: ['completed', 10], b: ['running', 14], c: ['pending', 0] });
    expect(await statusesAt('2026-12-20T00:00:00')).toEqual({ a: ['completed', 10], b: ['completed', 20], c: ['completed', 10] });
  });

  it('filters by status in SQL, with counts to match', async () => {
    env.clock.set(sh('2026-12-03T09:30:00'));
    const byStatus = async (status: string) =>
      (await call(env, 'GET', '/api/plan/manage/list', { token: user.token, query: { status } })).body.data.list.map((p: any) => p.id);
    expect(await byStatus('completed')).toEqual([ids.a]);
    expect(await byStatus('running')).toEqual([ids.b]);
    expect(await byStatus('pending')).toEqual([ids.c]);
    expect(await byStatus('stopped')).toEqual([]);
    const counts = await call(env, 'GET', '/api/plan/count-data', { token: user.token });
    expect(counts.body.data).toEqual({
      pending: 1,
      running: 1,
      completed: 1,
      stopped: 0,
      total: 3,
      todayDispatched: 4,
      integral: await balanceOf(env, user.id),
    });
    const jdCounts = await call(env, 'GET', '/api/plan/count-data', { token: user.token, query: { flowType: 'jd' } });
    expect(jdCounts.body.data).toMatchObject({ pending: 1, running: 0, completed: 0, total: 1, todayDispatched: 0 });
    const bad = await call(env, 'GET', '/api/plan/manage/list', { token: user.token, query: { status: 'paused' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('状态不正确');
  });

  it('filters by platform, keyword (title, item id, keywords) and date ranges, and pages', async () => {
    env.clock.set(sh('2026-12-03T09:30:00'));
    const listIds = async (query: Record<string, string | number>) =>
      (await call(env, 'GET', '/api/plan/manage/list', { token: user.token, query })).body.data;
    expect((await listIds({ flowType: 'jd' })).list.map((p: any) => p.id)).toEqual([ids.c]);
    expect((await listIds({ keyword: '电饭煲' })).list.map((p: any) => p.id)).toEqual([ids.b]);
    expect((await listIds({ keyword: '100012043978' })).list.map((p: any) => p.id)).toEqual([ids.c]);
    expect((await listIds({ keyword: '不锈钢保温杯' })).list.map((p: any) => p.id)).toEqual([ids.a]); // a keyword of plan A only
    expect((await listIds({ keyword: '%' })).list).toEqual([]);
    expect((await listIds({ keyword: '_' })).list).toEqual([]);
    // Letters in any case, as ILIKE did; never across two fields (the title's end and the item id's start).
    for (const keyword of ['计划b', '计划B', 'B 电饭'])
      expect(
        (await listIds({ keyword })).list.map((p: any) => p.id),
        keyword,
      ).toEqual([ids.b]);
    const bItemId = (await listIds({ keyword: '电饭煲' })).list[0].itemId as string;
    expect((await listIds({ keyword: `电饭煲${bItemId.slice(0, 3)}` })).list).toEqual([]);
    // A line break, tab or other control character is searched as a space, never across fields.
    expect((await listIds({ keyword: `电饭煲\n${bItemId.slice(0, 3)}` })).list).toEqual([]);
    expect((await listIds({ keyword: '计划B\t电饭煲' })).list.map((p: any) => p.id)).toEqual([ids.b]);
    expect((await listIds({ keyword: '\n电饭煲\u0001' })).list.map((p: any) => p.id)).toEqual([ids.b]);
    expect((await listIds({ dateType: 'startDate', dateFrom: '2026-12-02', dateTo: '2026-12-09' })).list.map((p: any) => p.id)).toEqual([
      ids.b,
    ]);
    expect((await listIds({ dateFrom: '2026-11-30', dateTo: '2026-11-30' })).total).toBe(3);
    expect((await listIds({ dateFrom: '2026-12-01' })).total).toBe(0);
    const page2 = await listIds({ page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.list.map((p: any) => p.id)).toEqual([ids.a]);
    const bad = await call(env, 'GET', '/api/plan/manage/list', {
      token: user.token,
      query: { dateFrom: '2026-12-05', dateTo: '2026-12-01' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('开始日期不能晚于结束日期');
  });

  it('details carry the schedule and the plan’s ledger rows', async () => {
    env.clock.set(sh('2026-12-03T09:30:00'));
    const res = await call(env, 'GET', '/api/plan/manage/detail', { token: user.token, query: { id: ids.b } });
    expect(res.status).toBe(200);
    const { plan, schedule, ledger } = res.body.data;
    expect(plan).toMatchObject({
      id: ids.b,
      status: 'running',
      statusText: '进行中',
      dispatched: 14,
      endAt: sh('2026-12-03T21:00:00').toISOString(),
    });
    expect(schedule).toMatchObject({ currentDay: 1, currentHour: 9, today: '2026-12-03', distribution: DIST_9_20 });
    expect(schedule.days).toEqual([
      { date: '2026-12-02', planned: 10, dispatched: 10 },
      { date: '2026-12-03', planned: 10, dispatched: 4 },
    ]);
    expect(schedule.dispatchedTodayByHour[9]).toBe(4);
    expect(ledger).toEqual([
      {
        id: expect.any(Number),
        delta: -80,
        balanceAfter: expect.any(Number),
        kind: 'plan_charge',
        kindText: '发布计划',
        remark: expect.stringContaining('计划B'),
        createdAt: expect.any(String),
      },
    ]);
  });
});

describe('list pages and totals', () => {
  // 13 plans in every status (two stopped, one of them deleted), listed through every filter with
  // page sizes that end a page exactly, early and past the end: each page is its slice of the whole
  // list and every page's total is the filter's count in count-data.
  it('are slices of the whole list, with the total of count-data on every page', async () => {
    const user = await createTestUser(env, { integral: 100000 });
    const created: number[] = [];
    for (let i = 0; i < 13; i++) {
      const form = await validForm(env, {
        startDate: `2026-12-0${1 + (i % 7)}`,
        days: 1 + (i % 3),
        title: `分页${i}${i % 3 === 0 ? ' 电饭煲' : ''}`,
      });
      const res = await create(user, form);
      expect(res.status).toBe(200);
      created.push(res.body.data.id);
      env.clock.set(new Date(env.clock.now().getTime() + 1000)); // distinct creation times
    }
    for (const id of created.slice(11))
      expect((await call(env, 'POST', '/api/plan/manage/stop', { token: user.token, body: { ids: [id] } })).status).toBe(200);
    expect((await call(env, 'POST', '/api/plan/manage/delete', { token: user.token, body: { ids: [created[12]] } })).status).toBe(200);
    env.clock.set(sh('2026-12-04T12:00:00'));
    const token = await freshToken(user);
    const list = async (query: Record<string, string | number>) => {
      const res = await call(env, 'GET', '/api/plan/manage/list', { token, query });
      expect(res.status).toBe(200);
      return res.body.data as { list: { id: number; status: string }[]; total: number; page: number; pageSize: number };
    };
    const counts = (await call(env, 'GET', '/api/plan/count-data', { token })).body.data;
    const whole = await list({ pageSize: 100 });
    expect(whole.list.map((p) => p.id)).toEqual(created.slice(0, 12).reverse()); // newest first, the deleted one left out
    expect(new Set(whole.list.map((p) => p.status))).toEqual(new Set(['pending', 'running', 'completed', 'stopped']));

    for (const [filter, expectedTotal] of [
      [{}, counts.total],
      ...(['pending', 'running', 'completed', 'stopped'] as const).map((status) => [{ status }, counts[status]] as const),
      [{ keyword: '电饭煲' }, whole.list.filter((p) => created.indexOf(p.id) % 3 === 0).length],
      [{ keyword: '没有这个' }, 0],
      // a platform's total is kept too (plan_counts), and pages past the middle are walked from the oldest end
      [{ flowType: 'tb' }, whole.list.filter((p) => (p as unknown as { flowType: string }).flowType === 'tb').length],
      [{ flowType: 'jd' }, whole.list.filter((p) => (p as unknown as { flowType: string }).flowType === 'jd').length],
    ] as const) {
      const all = (await list({ ...filter, pageSize: 100 })).list.map((p) => p.id);
      expect(all.length, JSON.stringify(filter)).toBe(expectedTotal);
      for (const pageSize of [1, 2, 3, 5, all.length || 1]) {
        for (let page = 1; page <= Math.ceil(all.length / pageSize) + 1; page++) {
          const answer = await list({ ...filter, page, pageSize });
          const what = JSON.stringify({ filter, page, pageSize });
          expect(
            answer.list.map((p) => p.id),
            what,
          ).toEqual(all.slice((page - 1) * pageSize, page * pageSize));
          expect({ total: answer.total, page: answer.page, pageSize: answer.pageSize }, what).toEqual({
            total: expectedTotal,
            page,
            pageSize,
          });
        }
      }
    }
  });
});

describe('keyword search over many plans', () => {
  // A seller with 1 300 plans: a keyword found in more plans than the search counts lists the
  // newest and says the total is capped (found among the newest, or through the search index and
  // then the list); one found in the cap or fewer is exact, page by page; a seller with fewer plans
  // than the search first looks at always gets exact totals.
  it('pages like the list, exact up to KEYWORD_SEARCH_CAP, then the newest pages and a capped total', async () => {
    const { KEYWORD_SEARCH_CAP } = await import('./plans.ts');
    expect(KEYWORD_SEARCH_CAP).toBe(200); // the sizes below are chosen around it
    const base = await validForm(env);
    const now = env.clock.now();
    const planOf = (userId: number, i: number, title: string) =>
      bulkPlanRow(userId, base, {
        title,
        flowType: i % 4 === 0 ? 'jd' : 'tb',
        keywords: i === 7 ? ['稀有词'] : ['k'],
        // plans i and i + 650 created at the same instant: the list orders by time, then id
        createdAt: new Date(now.getTime() - ((i * 7919) % 650) * 1000),
        stoppedAt: i % 10 === 0 ? now : null,
        deletedAt: i === 13 ? now : null,
      });
    const user = await createTestUser(env, { integral: 10 });
    const titleOf = (i: number) =>
      `批量 ${i}${i % 3 === 0 ? ' 保温杯' : ''}${i % 6 === 1 && i < 1206 ? ' 恰好款' : ''}${i % 6 === 5 && i < 60 ? ' 雨伞' : ''}${i % 6 === 2 ? ' 中频' : ''}`;
    await env.ctx.db.insert(plans).values(Array.from({ length: 1300 }, (_, i) => planOf(user.id, i, titleOf(i))));
    const small = await createTestUser(env, { integral: 10 });
    await env.ctx.db
      .insert(plans)
      .values(Array.from({ length: 300 }, (_, i) => planOf(small.id, i, `小店 ${i}${i < 250 ? ' 电饭煲' : ''}`)));

    const mine = await env.ctx.db
      .select({
        id: plans.id,
        userId: plans.userId,
        title: plans.title,
        keywords: plans.keywords,
        createdAt: plans.createdAt,
        flowType: plans.flowType,
        stoppedAt: plans.stoppedAt,
        deletedAt: plans.deletedAt,
      })
      .from(plans);
    const newestFirst = (owner: number, match: (p: (typeof mine)[number]) => boolean) =>
      mine
        .filter((p) => p.userId === owner && p.deletedAt === null && match(p))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
        .map((p) => p.id);
    const list = async (token: string, query: Record<string, string | number>) => {
      const res = await call(env, 'GET', '/api/plan/manage/list', { token, query });
      expect(res.status, JSON.stringify(query)).toBe(200);
      return res.body.data as { list: { id: number }[]; total: number; totalCapped?: boolean; page: number };
    };
    const ids = (page: { list: { id: number }[] }) => page.list.map((p) => p.id);

    // Found in more plans than the cap: the newest of them, page by page up to the cap (the pages
    // end there, as the total says), the total capped. Common among the newest plans (保温杯, 杯:
    // one in three) or not (中频: one in six, found through the search index, paged by the list's walk).
    const cups = newestFirst(user.id, (p) => p.title.includes('保温杯'));
    expect(cups.length).toBe(434);
    const middling = newestFirst(user.id, (p) => p.title.includes('中频'));
    expect(middling.length).toBe(217);
    for (const [keyword, all] of [
      ['保温杯', cups],
      ['杯', cups],
      ['中频', middling],
    ] as const) {
      const shown = all.slice(0, KEYWORD_SEARCH_CAP);
      for (const [page, pageSize] of [
        [1, 10],
        [3, 7],
        [7, 30],
        [20, 10],
        [21, 10],
        [2, 100],
        [3, 100],
      ]) {
        const answer = await list(user.token, { keyword, page, pageSize });
        expect(ids(answer), `${keyword} ${page}/${pageSize}`).toEqual(shown.slice((page - 1) * pageSize, page * pageSize));
        expect(answer).toMatchObject({ total: KEYWORD_SEARCH_CAP, totalCapped: true, page });
      }
    }
    // Exactly the cap, and fewer: exact totals, no cap, each page its slice; past the end, none.
    const exact = newestFirst(user.id, (p) => p.title.includes('恰好款'));
    expect(exact.length).toBe(KEYWORD_SEARCH_CAP); // one of 201 deleted
    const umbrellas = newestFirst(user.id, (p) => p.title.includes('雨伞'));
    expect(umbrellas.length).toBe(10);
    for (const [token, keyword, all] of [
      [user.token, '恰好款', exact],
      [user.token, '雨伞', umbrellas],
      [user.token, '伞', umbrellas], // one character: the list walked and counted
      [user.token, '稀有词', newestFirst(user.id, (p) => p.keywords.includes('稀有词'))],
      [user.token, '没有这个', []],
      [small.token, '电饭煲', newestFirst(small.id, (p) => p.title.includes('电饭煲'))],
    ] as const) {
      expect(all.length > 0 || keyword === '没有这个').toBe(true);
      for (const [page, pageSize] of [
        [1, 10],
        [2, 25],
        [Math.ceil(all.length / 25) + 1, 25],
      ]) {
        const answer = await list(token, { keyword, page, pageSize });
        expect(ids(answer), `${keyword} ${page}/${pageSize}`).toEqual(all.slice((page - 1) * pageSize, page * pageSize));
        expect(answer.total, keyword).toBe(all.length);
        expect(answer.totalCapped, keyword).toBeUndefined();
      }
    }
    // With the other filters: platform and status narrow what is found.
    const stoppedJdCups = newestFirst(user.id, (p) => p.title.includes('保温杯') && p.flowType === 'jd' && p.stoppedAt !== null);
    const narrowed = await list(user.token, { keyword: '保温杯', flowType: 'jd', status: 'stopped', pageSize: 100 });
    expect(ids(narrowed)).toEqual(stoppedJdCups);
    expect(narrowed.total).toBe(stoppedJdCups.length);
    expect(narrowed.totalCapped).toBeUndefined();
  });
});

describe('stop and delete', () => {
  it('refunds the undispatched tasks once, freezes progress, and refuses a second stop', async () => {
    const user = await createTestUser(env, { integral: 1000, memberLevel: 3, memberDeadline: new Date('2027-06-01T00:00:00Z') });
    const created = await create(user, await validForm(env, { dailyCount: 13, distribution: DIST_9_20.map((n, h) => (h === 20 ? 9 : n)) }));
    const id = created.body.data.id;
    const charged = created.body.data.totalCost; // floor(4 x 39 x 0.95) = floor(148.2) = 148
    expect(charged).toBe(148);
    env.clock.set(sh('2026-12-02T10:00:00')); // dispatched 13 + 4 = 17
    const stop = await call(env, 'POST', '/api/plan/manage/stop', { token: user.token, body: { ids: [id] } });
    expect(stop.status).toBe(200);
    const refund = charged - Math.floor((17 * 4 * 95) / 100); // 148 - floor(64.6) = 84: the 17 dispatched cost 64
    expect(stop.body.data).toEqual({ results: [{ id, ok: true, refund }] });
    expect(await balanceOf(env, user.id)).toBe(1000 - charged + refund);
    const again = await call(env, 'POST', '/api/plan/manage/stop', { token: user.token, body: { ids: [id] } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('计划已停止，无需重复操作');
    expect(again.body.data.results).toEqual([{ id, ok: false, refund: 0, message: '计划已停止，无需重复操作' }]);
    expect(await balanceOf(env, user.id)).toBe(1000 - charged + refund);
    env.clock.set(sh('2026-12-10T10:00:00'));
    const detail = await call(env, 'GET', '/api/plan/manage/detail', { token: await freshToken(user), query: { id } });
    expect(detail.body.data.plan).toMatchObject({ status: 'stopped', statusText: '已停止', dispatched: 17, refunded: refund });
    expect(detail.body.data.ledger.map((r: any) => [r.kind, r.delta])).toEqual([
      ['plan_charge', -charged],
      ['plan_refund', refund],
    ]);
    await expectLedgerAddsUp(env, user.id, expect);
  });

  it('refunds once under concurrent stops', async () => {
    const user = await createTestUser(env, { integral: 1000 });
    const id = (await create(user, await validForm(env))).body.data.id; // 120
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(env, 'POST', '/api/plan/manage/stop', { token: user.token, body: { ids: [id] } })),
    );
    const oks = answers.flatMap((a) => a.body.data.results).filter((r: any) => r.ok);
    expect(oks).toEqual([{ id, ok: true, refund: 120 }]);
    expect(await balanceOf(env, user.id)).toBe(1000);
    expect((await ledgerRows(env, user.id)).filter((r) => r.kind === 'plan_refund')).toHaveLength(1);
    await expectLedgerAddsUp(env, user.id, expect);
  });

  it('refuses to stop a completed plan', async () => {
    const user = await createTestUser(env, { integral: 1000 });
    const id = (await create(user, await validForm(env, { days: 1 }))).body.data.id;
    env.clock.set(sh('2026-12-01T21:00:00'));
    const stop = await call(env, 'POST', '/api/plan/manage/stop', { token: user.token, body: { ids: [id] } });
    expect(stop.status).toBe(409);
    expect(stop.body.data.results).toEqual([{ id, ok: false, refund: 0, message: '计划已完成，无法停止' }]);
    expect(await balanceOf(env, user.id)).toBe(1000 - 40);
  });

  it('deletes only completed or stopped plans, hides them, and keeps the ledger', async () => {
    const user = await createTestUser(env, { integral: 1000 });
    const pending = (await create(user, await validForm(env))).body.data.id;
    const running = (
      await create(
        user,
        await validForm(env, { startDate: '2026-11-30', distribution: DIST_9_20.map((n, h) => (h === 9 ? 0 : h === 20 ? 10 : n)) }),
      )
    ).body.data.id;
    const toStop = (await create(user, await validForm(env))).body.data.id;
    await call(env, 'POST', '/api/plan/manage/stop', { token: user.token, body: { ids: [toStop] } });
    env.clock.set(sh('2026-11-30T20:30:00'));
    const res = await call(env, 'POST', '/api/plan/manage/delete', { token: user.token, body: { ids: [pending, running, toStop] } });
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual([
      { id: pending, ok: false, message: '只能删除已完成或已停止的计划' },
      { id: running, ok: false, message: '只能删除已完成或已停止的计划' },
      { id: toStop, ok: true },
    ]);
    const single = await call(env, 'POST', '/api/plan/manage/delete', { token: user.token, body: { ids: [running] } });
    expect(single.status).toBe(409);
    expect(single.body).toMatchObject({ success: false, message: '只能删除已完成或已停止的计划' });
    const list = await call(env, 'GET', '/api/plan/manage/list', { token: user.token });
    expect(list.body.data.list.map((p: any) => p.id).sort()).toEqual([pending, running].sort());
    expect((await call(env, 'GET', '/api/plan/manage/detail', { token: user.token, query: { id: toStop } })).status).toBe(404);
    expect((await ledgerRows(env, user.id)).filter((r) => r.reference === `plan:${toStop}`)).toHaveLength(2);
    const counts = await call(env, 'GET', '/api/plan/count-data', { token: user.token });
    expect(counts.body.data).toMatchObject({ total: 2, stopped: 0, running: 1, pending: 1 });
    const twice = await call(env, 'POST', '/api/plan/manage/delete', { token: user.token, body: { ids: [toStop] } });
    expect(twice.status).toBe(404);
  });

  it('refuses bad id lists with 400', async () => {
    const user = await createTestUser(env);
    for (const body of [{}, { ids: [] }, { ids: ['1'] }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      const res = await call(env, 'POST', '/api/plan/manage/stop', { token: user.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/请选择计划|计划 ID 不正确|一次最多操作 100 个计划/);
    }
  });
});

describe('other users’ plans', () => {
  it('answer 404 alone, "not found" in a batch, and stay untouched', async () => {
    const owner = await createTestUser(env, { integral: 1000 });
    const other = await createTestUser(env, { integral: 1000 });
    const theirs = (await create(owner, await validForm(env))).body.data.id;
    const mine = (await create(other, await validForm(env))).body.data.id;
    for (const [method, url, opts] of [
      ['GET', '/api/plan/manage/detail', { query: { id: theirs } }],
      ['POST', '/api/plan/manage/stop', { body: { ids: [theirs] } }],
      ['POST', '/api/plan/manage/delete', { body: { ids: [theirs] } }],
    ] as const) {
      const res = await call(env, method, url, { token: other.token, ...opts });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('计划不存在');
    }
    const batch = await call(env, 'POST', '/api/plan/manage/stop', { token: other.token, body: { ids: [theirs, mine] } });
    expect(batch.body.data.results).toEqual([
      { id: theirs, ok: false, refund: 0, message: '计划不存在' },
      { id: mine, ok: true, refund: 120 },
    ]);
    const [row] = await env.ctx.db.select().from(plans).where(eq(plans.id, theirs));
    expect(row).toMatchObject({ stoppedAt: null, deletedAt: null, refunded: 0 });
    expect(await balanceOf(env, owner.id)).toBe(880);
    const list = await call(env, 'GET', '/api/plan/manage/list', { token: other.token });
    expect(list.body.data.list.map((p: any) => p.id)).toEqual([mine]);
  });
});

describe('concurrent creations', () => {
  it('20 at once against a balance for exactly 7: 7 succeed, 13 get 409, the ledger adds up', async () => {
    const user = await createTestUser(env, { integral: 7 * 120 + 119 });
    const form = await validForm(env);
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(user, form)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(7);
    expect(answers.filter((a) => a.status === 409 && a.body.message?.includes('积分不足'))).toHaveLength(13);
    expect(await planCount(env, user.id)).toBe(7);
    expect(await expectLedgerAddsUp(env, user.id, expect)).toBe(119);
    expect((await ledgerRows(env, user.id)).filter((r) => r.kind === 'plan_charge')).toHaveLength(7);
  });
});

describe('export', () => {
  it('answers an .xlsx of the filtered plans with Chinese headers and local times', async () => {
    const user = await createTestUser(env, { integral: 10000 });
    const a = (await create(user, await validForm(env, { title: '导出一号' }))).body.data.id;
    env.clock.advance(1000);
    const b = (await create(user, await validForm(env, { title: '导出二号', keywords: ['导出'] }))).body.data.id;
    await call(env, 'POST', '/api/plan/manage/stop', { token: user.token, body: { ids: [b] } });
    const res = await env.app.inject({ method: 'GET', url: '/api/plan/manage/export', headers: { 't-token': user.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="plans-20261130.xlsx"; filename*=UTF-8''${encodeURIComponent('计划列表-20261130.xlsx')}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as any);
    const sheet = workbook.getWorksheet('计划列表')!;
    const rows: any[][] = [];
    sheet.eachRow((row) => rows.push((row.values as any[]).slice(1)));
    expect(rows[0]!.slice(0, 4)).toEqual(['计划ID', '平台', '商品标题', '商品ID']);
    expect(rows[0]).toContain('创建时间');
    expect(rows).toHaveLength(3);
    const header = rows[0]!;
    const col = (name: string) => header.indexOf(name);
    expect(rows[1]![col('计划ID')]).toBe(b);
    expect(rows[1]![col('状态')]).toBe('已停止');
    expect(rows[1]![col('已退款(积分)')]).toBe(120);
    expect(rows[2]![col('计划ID')]).toBe(a);
    expect(rows[2]![col('商品标题')]).toBe('导出一号');
    expect(rows[2]![col('平台')]).toBe('淘宝/天猫');
    expect(rows[2]![col('关键词')]).toBe('保温杯、不锈钢保温杯');
    expect(rows[2]![col('创建时间')]).toBe('2026-11-30 10:30:00');
    expect(rows[2]![col('结束时间')]).toBe('2026-12-03 21:00:00');
    expect(rows[2]![col('状态')]).toBe('待开始');

    const filtered = await env.app.inject({
      method: 'GET',
      url: '/api/plan/manage/export?status=pending',
      headers: { 't-token': user.token },
    });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(filtered.rawPayload as any);
    expect(wb2.getWorksheet('计划列表')!.rowCount).toBe(2);
  });

  it('pages through many plans (cursor crosses batches)', async () => {
    const user = await createTestUser(env, { integral: 10 });
    const { writePlansWorkbook } = await import('./index.ts');
    const { PassThrough } = await import('node:stream');
    const base = await validForm(env);
    const now = env.clock.now();
    await env.ctx.db
      .insert(plans)
      .values(
        Array.from({ length: 1203 }, (_, i) =>
          bulkPlanRow(user.id, base, { title: `批量 ${i}`, createdAt: new Date(now.getTime() - (i % 7) * 1000) }),
        ),
      );
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c) => chunks.push(c));
    const written = await writePlansWorkbook(out, env.ctx.db, user.id, { dateType: 'createdAt' }, now, 'Asia/Shanghai');
    expect(written).toBe(1203);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as any);
    const titles = new Set<string>();
    wb.getWorksheet('计划列表')!.eachRow((row, n) => n > 1 && titles.add(String(row.getCell(3).value)));
    expect(titles.size).toBe(1203);

    const gone = new PassThrough();
    gone.destroy();
    await expect(writePlansWorkbook(gone, env.ctx.db, user.id, { dateType: 'createdAt' }, now, 'Asia/Shanghai')).rejects.toThrow(
      'export aborted',
    );
  });

  it('refuses without a token with a 401 JSON answer', async () => {
    const res = await call(env, 'GET', '/api/plan/manage/export');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: '登录已失效，请重新登录' });
  });
});

describe('count-data today’s dispatched (SQL) agrees with schedule.ts', () => {
  it('matches dispatchedToday summed over the plans, at many clock times, with stops', async () => {
    const { dispatchedToday } = await import('./index.ts');
    const user = await createTestUser(env, { integral: 100000 });
    const forms = [
      await validForm(env, { startDate: '2026-11-30', distribution: DIST_9_20.map((n, h) => (h === 9 ? 0 : h === 20 ? 10 : n)) }),
      await validForm(env, { startDate: '2026-12-01', days: 2 }),
      await validForm(env, { startDate: '2026-12-02', days: 1 }),
      await validForm(env, { startDate: '2026-12-01', days: 5, dailyCount: 24, distribution: Array(24).fill(1) }),
    ];
    const ids: number[] = [];
    for (const f of forms) ids.push((await create(user, f)).body.data.id);
    const stops: [string, number][] = [
      ['2026-12-01T12:00:00', ids[3]!],
      ['2026-12-02T10:30:00', ids[1]!],
    ];
    const times = [
      '2026-11-30T20:10:00',
      '2026-12-01T08:00:00',
      '2026-12-01T09:00:00',
      '2026-12-01T13:00:00',
      '2026-12-01T23:59:00',
      '2026-12-02T00:00:00',
      '2026-12-02T10:00:00',
      '2026-12-02T11:00:00',
      '2026-12-02T21:00:00',
      '2026-12-03T05:00:00',
      '2026-12-09T05:00:00',
    ];
    const seen = new Set<number>();
    for (const local of times) {
      env.clock.set(sh(local));
      for (const [at, id] of stops) {
        if (sh(at) <= env.clock.now())
          await call(env, 'POST', '/api/plan/manage/stop', { token: await freshToken(user), body: { ids: [id] } });
      }
      const rows = await env.ctx.db.select().from(plans).where(eq(plans.userId, user.id));
      const expected = rows.reduce((sum, p) => sum + dispatchedToday(p, env.clock.now(), 'Asia/Shanghai'), 0);
      const counts = await call(env, 'GET', '/api/plan/count-data', { token: await freshToken(user) });
      expect(counts.body.data.todayDispatched, local).toBe(expected);
      seen.add(expected);
    }
    expect(seen.size).toBeGreaterThan(4); // the figures move with the clock, not a constant
  });
});
