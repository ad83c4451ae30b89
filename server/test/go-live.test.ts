/**
 * The demo account never goes live: production refuses (goLiveProblems, the lines of a refused
 * start and of `ops preflight`) a database that still holds it with the published password, until
 * ops close it; and an ops command run on an existing database from a shell without
 * NODE_ENV=production (docs/go-live.md's restore drill runs `verify` so) does not create it there.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../src/ops/commands.ts';
import { goLiveProblems } from '../src/readiness.ts';
import { DEMO_PHONE, seedDemoAccount } from '../src/seed.ts';
import { createTestEnv, type TestEnv } from './support/support.ts';

const PROBLEM_LINE = /^[^:;]+: [^;]+; .+\.$/;
const demoLine = (problems: string[]) => problems.filter((line) => line.startsWith('demo account: '));

describe('go-live problems: the demo account', () => {
  let env: TestEnv | undefined;
  afterAll(() => env?.close());

  it('a database started outside production is refused while the demo account is open; user:delete clears it', async () => {
    env = await createTestEnv({ productionSeed: true });
    expect(demoLine(await goLiveProblems(env.ctx.db))).toEqual([]);
    await seedDemoAccount(env.ctx.db, new Date());
    const [line, ...more] = demoLine(await goLiveProblems(env.ctx.db));
    expect(more).toEqual([]);
    expect(line).toBe(
      `demo account: ${DEMO_PHONE} is open with the published demo password demo12345 and seeded points (this database was started outside production); close it: npm run ops -- user:delete ${DEMO_PHONE}.`,
    );
    expect(line).toMatch(PROBLEM_LINE);
    expect((await runCommand(env.ctx, ['user:delete', DEMO_PHONE, '上线前关闭演示账号'])).code).toBe(0);
    expect(demoLine(await goLiveProblems(env.ctx.db))).toEqual([]);
  }, 300_000);
});

describe('go-live problems: pictures copied from the docs', () => {
  let env: TestEnv | undefined;
  afterAll(() => env?.close());

  it("the docs' example addresses for the contact's and the transfers' QR codes are refused until real ones are set", async () => {
    env = await createTestEnv({ productionSeed: true });
    const ops = (...argv: string[]) => runCommand(env!.ctx, argv);
    // docs/go-live.md step 4 and step 6, copied as they stand
    expect(
      (
        await ops(
          'operator:set',
          '客服小王',
          'https://static.example.com/avatar.png',
          'https://static.example.com/wechat-qr.png',
          '工作日 9:00-18:00，10 分钟内回复',
        )
      ).code,
    ).toBe(0);
    expect((await ops('collect:set', 'alipay', 'https://static.example.com/alipay-collect.png')).code).toBe(0);
    const problems = (await goLiveProblems(env.ctx.db)).filter((line) => line.startsWith('support contact'));
    expect(problems).toEqual([
      'support contact: the WeChat QR code behind 联系客服 of 客服小王 is https://static.example.com/wechat-qr.png, on a documentation host that reaches nobody; set your own: npm run ops -- operator:set <昵称> <头像地址> <微信二维码地址> <备注>.',
      'support contact: the Alipay collect QR code users transfer to of 客服小王 is https://static.example.com/alipay-collect.png, on a documentation host that reaches nobody; set your own: npm run ops -- collect:set alipay <收款码图片地址>.',
    ]);
    for (const line of problems) expect(line).toMatch(PROBLEM_LINE);
    // a rehearsal (STAGING=1) talks to stand-ins and may show them
    expect((await goLiveProblems(env.ctx.db, { staging: true })).filter((line) => line.startsWith('support contact'))).toEqual([]);
    await ops('operator:set', '客服小王', 'https://img.shop-cdn.cn/avatar.png', 'https://img.shop-cdn.cn/wechat-qr.png', '工作日');
    await ops('collect:set', 'alipay', 'https://img.shop-cdn.cn/alipay-collect.png');
    expect((await goLiveProblems(env.ctx.db)).filter((line) => line.startsWith('support contact'))).toEqual([]);
  }, 300_000);
});

describe('the ops command line on an existing database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-go-live-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const cli = (nodeEnv: string | undefined, ...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    if (nodeEnv) env.NODE_ENV = nodeEnv;
    else delete env.NODE_ENV;
    return spawnSync(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/ops/cli.ts'), ...args], {
      env,
      encoding: 'utf8',
      timeout: 300_000,
    });
  };

  it('creates no demo account there when NODE_ENV is unset or development', () => {
    // the production database, made by a production command
    expect(cli('production', 'announce', '欢迎').status).toBe(0);
    for (const nodeEnv of [undefined, 'development']) {
      const shown = cli(nodeEnv, 'user:show', DEMO_PHONE);
      expect(shown.status, `NODE_ENV=${nodeEnv}: ${shown.stdout}${shown.stderr}`).toBe(1);
      expect(shown.stderr).not.toContain('demo');
    }
  }, 900_000);
});
