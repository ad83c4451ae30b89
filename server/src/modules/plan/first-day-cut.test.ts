/**
 * Starting today cuts today only (#38): a plan published at 03:20 for today keeps its full 24-hour
 * pattern; its first day gives the hours already begun (00:00-03:59) nothing, every later day runs
 * the whole pattern. Cost, dispatched, today's count, refund, detail and export all count the same
 * tasks; plans stored before the cut keep their meaning.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { plans } from '../../tables.ts';
import { createSession } from '../session/index.ts';
import { call, createTestEnv, createTestUser, type TestEnv, type TestUser } from '../../../test/support/support.ts';
import { balanceOf, expectLedgerAddsUp, sh, validForm } from '../../../test/support/plan-helpers.ts';
import { dispatchedToday, planProgress } from './schedule.ts';

let env: TestEnv;
const PUBLISHED_AT = '2026-12-01T03:20:00';
const EVEN_24 = Array<number>(24).fill(1); // 平均分布 of 24 a day: one task an hour
beforeAll(async () => {
  env = await createTestEnv({ now: sh(PUBLISHED_AT) });
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(sh(PUBLISHED_AT)));

const at = async (local: string, user: TestUser) => {
  env.clock.set(sh(local));
  return createSession(env.ctx.db, user.id, env.clock);
};

async function publishAt0320(user: TestUser, days = 3) {
  const form = await validForm(env, { startDate: '2026-12-01', dailyCount: 24, days, distribution: EVEN_24 });
  const res = await call(env, 'POST', '/api/plan/create', { token: user.token, body: form });
  expect(res.status).toBe(200);
  return res.body.data as { id: number; totalCount: number; firstDayCount: number; totalCost: number; integral: number };
}

describe('a plan published at 03:20 for today, 24 a day evenly, for 3 days', () => {
  it('charges the tasks it will run: 20 today and 24 on each later day, rounded in the seller’s favour', async () => {
    const user = await createTestUser(env, { integral: 1000, memberLevel: 3, memberDeadline: new Date('2027-06-01T00:00:00Z') });
    const created = await publishAt0320(user);
    // unit 4 at 95%: 68 tasks cost floor(258.4) = 258 (原价 272, 会员优惠 14)
    expect(created).toMatchObject({ totalCount: 68, firstDayCount: 20, totalCost: 258, integral: 742 });
    const [row] = await env.ctx.db.select().from(plans).where(eq(plans.id, created.id));
    expect(row).toMatchObject({ distribution: EVEN_24, firstDayFromHour: 4, totalCount: 68, totalCost: 258 });
    // before the cut: [0,0,0,0,3,...] on every day, the later days short of their early hours
    expect(row!.startAt).toEqual(sh('2026-12-01T04:00:00'));
    expect(row!.endAt).toEqual(sh('2026-12-04T00:00:00'));
  });

  it('dispatches nothing before 04:00 on the first day, and the whole pattern on later days', async () => {
    const user = await createTestUser(env, { integral: 1000 });
    const { id } = await publishAt0320(user);
    const detail = async (local: string) =>
      (await call(env, 'GET', '/api/plan/manage/detail', { token: await at(local, user), query: { id } })).body.data;
    const counts = async (local: string) =>
      (await call(env, 'GET', '/api/plan/count-data', { token: await at(local, user) })).body.data.todayDispatched;

    expect((await detail('2026-12-01T03:50:00')).plan).toMatchObject({ status: 'pending', dispatched: 0 });
    expect(await counts('2026-12-01T03:50:00')).toBe(0);
    expect((await detail('2026-12-01T05:10:00')).plan).toMatchObject({ status: 'running', dispatched: 2 });
    expect(await counts('2026-12-01T05:10:00')).toBe(2);

    // day 2 at 02:30: all 20 of day 1, then 00:00, 01:00 and 02:00 of day 2
    const day2 = await detail('2026-12-02T02:30:00');
    expect(day2.plan).toMatchObject({ status: 'running', dispatched: 23, totalCount: 68, firstDayFromHour: 4, firstDayCount: 20 });
    expect(await counts('2026-12-02T02:30:00')).toBe(3);
    expect(day2.schedule.firstDayFromHour).toBe(4);
    expect(day2.schedule.distribution).toEqual(EVEN_24);
    expect(day2.schedule.days).toEqual([
      { date: '2026-12-01', planned: 20, dispatched: 20 },
      { date: '2026-12-02', planned: 24, dispatched: 3 },
      { date: '2026-12-03', planned: 24, dispatched: 0 },
    ]);
    expect(day2.schedule.dispatchedTodayByHour.slice(0, 4)).toEqual([1, 1, 1, 0]);

    // the first day's hour view starts at the cut
    const day1 = await detail('2026-12-01T06:30:00');
    expect(day1.schedule.dispatchedTodayByHour.slice(0, 8)).toEqual([0, 0, 0, 0, 1, 1, 1, 0]);

    const done = await detail('2026-12-04T00:00:00');
    expect(done.plan).toMatchObject({ status: 'completed', dispatched: 68 });
  });

  it('refunds at a stop the charge minus the price of what was dispatched, and counts today the same', async () => {
    const user = await createTestUser(env, { integral: 1000, memberLevel: 3, memberDeadline: new Date('2027-06-01T00:00:00Z') });
    const { id, totalCost } = await publishAt0320(user);
    const token = await at('2026-12-02T02:30:00', user);
    const stop = await call(env, 'POST', '/api/plan/manage/stop', { token, body: { ids: [id] } });
    // 23 dispatched cost floor(23 x 4 x 0.95 = 87.4) = 87: the refund is 258 - 87
    expect(stop.body.data.results).toEqual([{ id, ok: true, refund: totalCost - 87 }]);
    expect(await balanceOf(env, user.id)).toBe(1000 - 87);
    const counts = (await call(env, 'GET', '/api/plan/count-data', { token: await at('2026-12-02T09:00:00', user) })).body.data;
    expect(counts).toMatchObject({ stopped: 1, todayDispatched: 3 });
    const [row] = await env.ctx.db.select().from(plans).where(eq(plans.id, id));
    expect(planProgress(row!, env.clock.now(), 'Asia/Shanghai').dispatched).toBe(23);
    expect(dispatchedToday(row!, env.clock.now(), 'Asia/Shanghai')).toBe(3);
    await expectLedgerAddsUp(env, user.id, expect);
  });

  it('exports the same figures', async () => {
    const user = await createTestUser(env, { integral: 1000, memberLevel: 3, memberDeadline: new Date('2027-06-01T00:00:00Z') });
    const running = await publishAt0320(user);
    env.clock.advance(1000);
    const stopped = await publishAt0320(user, 2);
    const token = await at('2026-12-02T02:30:00', user);
    await call(env, 'POST', '/api/plan/manage/stop', { token, body: { ids: [stopped.id] } });
    const res = await env.app.inject({ method: 'GET', url: '/api/plan/manage/export', headers: { 't-token': token } });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as any);
    const rows: any[][] = [];
    workbook.getWorksheet('计划列表')!.eachRow((row) => rows.push((row.values as any[]).slice(1)));
    const header = rows[0]!;
    const byId = (id: number) => rows.find((r) => r[header.indexOf('计划ID')] === id)!;
    const cells = (id: number, ...names: string[]) => names.map((name) => byId(id)[header.indexOf(name)]);
    const names = ['首日任务数', '总数量', '已下发', '原价(积分)', '会员优惠(积分)', '总费用(积分)', '已退款(积分)', '时间分布'];
    expect(cells(running.id, ...names)).toEqual([20, 68, 23, 272, 14, 258, 0, EVEN_24.join(',')]);
    // 2 days: 44 tasks, floor(4 x 44 x 0.95 = 167.2) = 167; stopped with 23 dispatched (87): 80 back
    expect(cells(stopped.id, ...names)).toEqual([20, 44, 23, 176, 9, 167, 80, EVEN_24.join(',')]);
  });
});

describe('plans stored before the cut keep their meaning', () => {
  it('a plan whose distribution held 0 in the hours begun runs that pattern every day, as it was charged', async () => {
    const user = await createTestUser(env, { integral: 1000 });
    // Published the old way at 03:20: the begun hours emptied in the stored distribution itself.
    const old = [0, 0, 0, 0, ...Array<number>(20).fill(1)];
    const res = await call(env, 'POST', '/api/plan/create', {
      token: user.token,
      body: await validForm(env, { startDate: '2026-12-02', dailyCount: 20, days: 2, distribution: old }),
    });
    const id = res.body.data.id as number;
    // a start date of tomorrow cuts nothing: firstDayFromHour 0, as the migration leaves the old plans
    const [row] = await env.ctx.db.select().from(plans).where(eq(plans.id, id));
    expect(row).toMatchObject({ firstDayFromHour: 0, totalCount: 40 });
    const detail = (await call(env, 'GET', '/api/plan/manage/detail', { token: await at('2026-12-03T02:30:00', user), query: { id } })).body
      .data;
    expect(detail.plan).toMatchObject({ dispatched: 20, totalCount: 40, firstDayCount: 20 });
    expect(detail.schedule.days.map((d: { planned: number }) => d.planned)).toEqual([20, 20]);
  });
});
