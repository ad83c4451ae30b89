import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { operators, pointsLedger, users } from '../src/tables.ts';
import { ledgerSum } from '../src/modules/points/index.ts';
import { COMMANDS, runCommand } from '../src/ops/commands.ts';
import { call, createTestEnv, createTestUser, opsCli, type TestEnv } from './support/support.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ now: '2026-03-10T01:00:00Z' });
});
afterAll(() => env?.close());

const ops = (...argv: string[]) => runCommand(env.ctx, argv);
const userRow = async (id: number) => (await env.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const ledgerRows = async () => (await env.ctx.db.select({ n: count() }).from(pointsLedger))[0]!.n;

describe('ops commands', () => {
  it('has one table entry per command, including order:confirm', () => {
    expect(Object.keys(COMMANDS).sort()).toEqual([
      'admin:create',
      'admin:grant',
      'admin:revoke',
      'announce',
      'collect:set',
      'member:set',
      'operator:set',
      'order:confirm',
      'points:adjust',
      'reconcile',
      'user:delete',
      'user:show',
      'verify',
    ]);
  });

  it('announce publishes the top announcement; empty text clears it', async () => {
    expect(await ops('announce', '今晚', '22:00', '维护')).toEqual({
      code: 0,
      output: '已发布顶部公告：「今晚 22:00 维护」（停用旧公告 1 条）',
    });
    expect((await call(env, 'GET', '/api/Announcement/get', { query: { type: 'top' } })).body.data.content).toBe('今晚 22:00 维护');
    expect(await ops('announce', '')).toEqual({ code: 0, output: '已清除顶部公告（停用 1 条）' });
    expect((await call(env, 'GET', '/api/Announcement/get', { query: { type: 'top' } })).body.data.content).toBe('');
    expect((await ops('announce', 'x'.repeat(501))).code).toBe(1);
  });

  it('points:adjust goes through the ledger and never below 0', async () => {
    const u = await createTestUser(env, { integral: 100 });
    expect(await ops('points:adjust', u.phone, '+50', '补偿', '活动')).toEqual({
      code: 0,
      output: `用户 ${u.phone} 积分 +50：100 -> 150（备注：补偿 活动）`,
    });
    expect(await ops('points:adjust', u.phone, '-150', '扣回')).toMatchObject({ code: 0, output: expect.stringContaining('150 -> 0') });
    const before = await ledgerRows();
    const refused = await ops('points:adjust', u.phone, '-1', '再扣');
    expect(refused).toEqual({ code: 1, output: '错误：积分不足：需要 1 积分，当前余额 0 积分' });
    expect((await userRow(u.id)).integral).toBe(0);
    expect(await ledgerSum(env.ctx.db, u.id)).toBe(0);
    const [last] = await env.ctx.db.select().from(pointsLedger).where(eq(pointsLedger.userId, u.id)).orderBy(pointsLedger.id);
    expect(last).toMatchObject({ kind: 'adjust', delta: 100 });
    for (const argv of [
      [],
      ['13'],
      [u.phone],
      [u.phone, 'abc', '备注'],
      [u.phone, '0', '备注'],
      [u.phone, '1.5', '备注'],
      [u.phone, '10'],
      [u.phone, '9999999999', '备注'],
      ['13912345678', '10', '不存在的用户'],
      ["1' or 1=1", '10', 'x'],
    ]) {
      const outcome = await ops('points:adjust', ...argv);
      expect(outcome.code, argv.join(' ')).toBe(1);
      expect(outcome.output, argv.join(' ')).toMatch(/^错误：/);
    }
    expect(await ledgerRows()).toBe(before);
  });

  it('member:set sets level and deadline in the business time zone', async () => {
    const u = await createTestUser(env);
    expect(await ops('member:set', u.phone, '5', '2026-12-31', '23:59:59')).toEqual({
      code: 0,
      output: `用户 ${u.phone} 会员：普通会员 -> 铂金会员，到期 2026-12-31 23:59:59`,
    });
    expect((await userRow(u.id)).memberDeadline!.toISOString()).toBe('2026-12-31T15:59:59.000Z');
    expect((await call(env, 'GET', '/api/user/user-data', { token: u.token })).body.data).toMatchObject({ memberLevel: 5, discount: 0.9 });
    expect((await ops('member:set', u.phone, '1')).output).toBe(`用户 ${u.phone} 会员：铂金会员，到期 2026-12-31 23:59:59 -> 普通会员`);
    expect((await userRow(u.id)).memberDeadline).toBeNull();
    for (const argv of [
      [u.phone, '2', '2026-12-31 00:00:00'],
      [u.phone, 'gold', '2026-12-31 00:00:00'],
      [u.phone, '3'],
      [u.phone, '3', '2026-02-30 10:00:00'],
      [u.phone, '3', '2026-12-31 24:00:00'],
      [u.phone, '3', '2026-12-31 10:60:00'],
      [u.phone, '3', '2026/12/31 10:00:00'],
      [u.phone, '3', '2026-12-31'],
      [u.phone, '3', '2026-03-10 09:00:00'],
      [u.phone, '1', '2026-12-31 00:00:00'],
      ['13912345670', '3', '2026-12-31 00:00:00'],
    ]) {
      const outcome = await ops('member:set', ...argv);
      expect(outcome.code, argv.join(' ')).toBe(1);
      expect(outcome.output, argv.join(' ')).toMatch(/^错误：/);
    }
    expect((await userRow(u.id)).memberLevel).toBe(1);
  });

  it('operator:set updates the default operator that visitors see', async () => {
    const outcome = await ops('operator:set', '小丽', '/service/li.png', 'https://cdn.example.com/qr-li.png', '工作日', '9:00-18:00');
    expect(outcome.code).toBe(0);
    expect(outcome.output).toContain('nickname：「小美」 -> 「小丽」');
    expect((await call(env, 'GET', '/api/wechat/qr-code')).body.data).toEqual({
      nickname: '小丽',
      avatar: '/service/li.png',
      wechatQr: 'https://cdn.example.com/qr-li.png',
      remark: '工作日 9:00-18:00',
      wechatId: '',
      phone: '',
    });
    for (const argv of [
      [],
      ['小丽'],
      ['小丽', 'li.png', '/qr.png', 'x'],
      ['小丽', '/li.png', 'javascript:alert(1)', 'x'],
      ['这是一个超过二十个字的非常非常非常长的昵称啊啊', '/a.png', '/b.png', ''],
    ]) {
      expect((await ops('operator:set', ...argv)).code, argv.join(' ')).toBe(1);
    }
    const [op] = await env.ctx.db.select().from(operators).where(eq(operators.isDefault, true));
    expect(op!.nickname).toBe('小丽');
  });

  it('user:show prints the account, and says so when the user is unknown', async () => {
    const inviter = await createTestUser(env);
    const u = await createTestUser(env, {
      integral: 42,
      inviterId: inviter.id,
      memberLevel: 3,
      memberDeadline: new Date('2026-03-01T00:00:00Z'),
    });
    const shown = await ops('user:show', u.phone);
    expect(shown.code).toBe(0);
    expect(shown.output).toContain(`用户 #${u.id} ${u.phone}`);
    expect(shown.output).toContain('会员：普通会员（折扣 100%）（原黄金会员已于 2026-03-01 08:00:00 到期）');
    expect(shown.output).toContain('积分：42（积分明细合计 42，一致）');
    expect(shown.output).toContain(`邀请人：${inviter.phone}`);
    expect(await ops('user:show', '13912345671')).toEqual({ code: 1, output: '错误：用户不存在：13912345671' });
    expect((await ops('user:show')).code).toBe(1);
  });

  it('an unknown command lists the commands and fails', async () => {
    const outcome = await ops('drop:everything');
    expect(outcome.code).toBe(1);
    expect(outcome.output).toContain('未知命令：drop:everything');
    expect(outcome.output).toContain('points:adjust <手机号>');
  });
});

describe('the ops command line (a real process on a PGlite folder)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-cli-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const cli = opsCli(dataDir);

  it('prints what it changed (exit 0) and refuses bad input (exit 1), on the same folder', () => {
    const ok = cli('announce', '春节放假通知');
    expect(ok.stderr).toBe('');
    expect(ok.stdout.trim()).toBe('已发布顶部公告：「春节放假通知」（停用旧公告 1 条）');
    expect(ok.status).toBe(0);
    const bad = cli('points:adjust', '13800138000', 'lots', '备注');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('错误：积分增减量须为非 0 整数');
    const usage = cli();
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain('用法：npm run ops -- <命令> [参数]');
  }, 240_000);
});
