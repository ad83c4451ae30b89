import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv, call } from '../../../test/support/support.ts';
import { PLAN_CONFIG_SEED } from './index.ts';
import { priceForm } from './index.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env?.close());

describe('plan config (price table)', () => {
  it('full-data answers the three platforms with services, conditions and options, to visitors too', async () => {
    const res = await call(env, 'GET', '/api/plan/config/full-data');
    expect(res.status).toBe(200);
    const data = res.body.data as any[];
    expect(data.map((p) => [p.flowType, p.generalType])).toEqual([
      ['tb', '淘宝/天猫'],
      ['jd', '京东'],
      ['pdd', '拼多多'],
    ]);
    const tb = data[0];
    expect(tb.planConfigList.map((c: any) => [c.name, c.integral])).toEqual(PLAN_CONFIG_SEED.tb.map(([n, i]) => [n, i]));
    const first = tb.planConfigList[0];
    expect(first.conditionList.map((c: any) => c.label)).toEqual(['浏览时长', '深度浏览', '货比三家']);
    expect(first.conditionList[0].optionList).toEqual([
      { id: expect.any(Number), label: '60 秒', integral: 0 },
      { id: expect.any(Number), label: '120 秒', integral: 1 },
      { id: expect.any(Number), label: '180 秒', integral: 2 },
    ]);
    expect(Object.keys(first).sort()).toEqual(['conditionList', 'id', 'integral', 'name']);
  });

  it('config answers one platform; a wrong flowType is a 400 in Chinese', async () => {
    const res = await call(env, 'GET', '/api/plan/config', { query: { flowType: 'jd' } });
    expect(res.status).toBe(200);
    expect(res.body.data.flowType).toBe('jd');
    expect(res.body.data.planConfigList.map((c: any) => c.name)).toEqual(['搜索浏览', '关注店铺', '搜索加购']);
    const bad = await call(env, 'GET', '/api/plan/config', { query: { flowType: 'amazon' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('平台类型');
    expect((await call(env, 'GET', '/api/plan/config')).status).toBe(400);
  });

  it('config and full-data carry the business time zone of the server config (TZ_BUSINESS)', async () => {
    const one = await call(env, 'GET', '/api/plan/config', { query: { flowType: 'tb' } });
    expect(one.body.data.timeZone).toBe('Asia/Shanghai');
    const all = (await call(env, 'GET', '/api/plan/config/full-data')).body.data as any[];
    expect(all.map((p) => p.timeZone)).toEqual(['Asia/Shanghai', 'Asia/Shanghai', 'Asia/Shanghai']);

    const elsewhere = await createTestEnv({ config: { timeZone: 'America/New_York' } });
    try {
      const jd = await call(elsewhere, 'GET', '/api/plan/config', { query: { flowType: 'jd' } });
      expect(jd.body.data.timeZone).toBe('America/New_York');
      const full = (await call(elsewhere, 'GET', '/api/plan/config/full-data')).body.data as any[];
      expect(full.map((p) => p.timeZone)).toEqual(['America/New_York', 'America/New_York', 'America/New_York']);
    } finally {
      await elsewhere.close();
    }
  });

  it('deep-condition/data answers the conditions of a base service of that platform only', async () => {
    const full = (await call(env, 'GET', '/api/plan/config/full-data')).body.data as any[];
    const pddCompare = full[2].planConfigList[0];
    const res = await call(env, 'GET', '/api/plan/deep-condition/data', { query: { flowType: 'pdd', configId: pddCompare.id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(pddCompare.conditionList);
    const foreign = await call(env, 'GET', '/api/plan/deep-condition/data', { query: { flowType: 'tb', configId: pddCompare.id } });
    expect(foreign.status).toBe(404);
    const bad = await call(env, 'GET', '/api/plan/deep-condition/data', { query: { flowType: 'tb', configId: 'x' } });
    expect(bad.status).toBe(400);
  });

  it('priceForm sums the base and chosen options and refuses incomplete or foreign choices', async () => {
    const full = (await call(env, 'GET', '/api/plan/config/full-data')).body.data as any[];
    const svc = full[0].planConfigList[0]; // 搜索浏览 2: 浏览时长, 深度浏览, 货比三家
    const pick = svc.conditionList.map((c: any, i: number) => c.optionList[Math.min(i + 1, c.optionList.length - 1)].id);
    const price = await priceForm(env.ctx.db, { flowType: 'tb', configId: svc.id, optionIds: pick });
    expect(price.unitCost).toBe(2 + 1 + 2 + 1);
    expect(price.options.map((o) => o.optionLabel)).toEqual(['120 秒', '浏览 4 个其他商品', '需要']);
    await expect(priceForm(env.ctx.db, { flowType: 'tb', configId: svc.id, optionIds: pick.slice(0, 2) })).rejects.toMatchObject({
      statusCode: 400,
    });
    const twoOfOne = [svc.conditionList[0].optionList[0].id, svc.conditionList[0].optionList[1].id, pick[2]];
    await expect(priceForm(env.ctx.db, { flowType: 'tb', configId: svc.id, optionIds: twoOfOne })).rejects.toMatchObject({
      statusCode: 400,
    });
    const foreignOption = full[1].planConfigList[0].conditionList[0].optionList[0].id;
    await expect(priceForm(env.ctx.db, { flowType: 'tb', configId: svc.id, optionIds: [...pick, foreignOption] })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(priceForm(env.ctx.db, { flowType: 'jd', configId: svc.id, optionIds: pick })).rejects.toMatchObject({ statusCode: 400 });
  });
});
