/**
 * `npm run staging` as a team rehearses going live with it (docs/go-live.md): the production
 * build of the API with STAGING=1 against the vendor stand-ins (the tests' own fakes). The first
 * start is refused with the preflight lines; `npm run staging -- ops ...` fixes them; the second
 * start serves, every answer marked staging; a customer registers with the code the SMS stand-in
 * received, buys points with Alipay and with WeChat Pay, pays on the stand-ins' page, and the
 * signed notifications credit the points once.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/processes.mjs';
import { nextPhone } from './support/support.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const runner = path.join(serverDir, 'staging', 'run.ts');
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staging-test-'));
let port: number;

/** The runner with these arguments, as `npm run staging -- <args>` runs it from the repository root. */
function stagingEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, STAGING_DIR: stateDir, INIT_CWD: stateDir, PORT: String(port) };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'PUBLIC_BASE_URL', 'NODE_ENV', 'STAGING']) delete env[name];
  return env;
}

function runStaging(args: string[], timeoutMs = 240_000) {
  return spawnSync(process.execPath, ['--import', 'tsx', runner, ...args], {
    cwd: path.resolve(serverDir, '..'),
    env: stagingEnv(),
    encoding: 'utf8',
    timeout: timeoutMs,
  });
}

beforeAll(async () => {
  port = await freePort();
  // The runner starts the production build, as `npm run staging` does after building it.
  const build = spawnSync('npm', ['run', '--silent', 'build', '-w', 'server'], { cwd: path.resolve(serverDir, '..'), encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
}, 240_000);
afterAll(() => fs.rmSync(stateDir, { recursive: true, force: true }));

describe('the stand-ins stay out of production', () => {
  it('neither bundle holds them, and neither image gets their folders', () => {
    for (const bundle of ['main.js', 'ops.js']) {
      const text = fs.readFileSync(path.join(serverDir, 'dist', bundle), 'utf8');
      expect(text, bundle).not.toMatch(/FakeAlipay|FakeWechatPay|startStandIns|startAliyunSmsFake/);
    }
    const ignored = fs.readFileSync(path.resolve(serverDir, '../.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['server/test', 'server/staging']));
  });
});

describe('npm run staging', () => {
  it('refuses the first start with the preflight lines and says how to fix them', () => {
    const run = runStaging(['--no-build', '--port', String(port)]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('support contact: the default contact 小美 shows the sample WeChat QR code /service/wechat-qr.svg');
    expect(run.stderr).toContain('console admin: no account holds the admin role;');
    expect(run.stderr).toContain('npm run staging -- ops <command>');
    // The stand-ins' keys are kept for the ops commands, readable by their owner only.
    const envFile = path.join(stateDir, 'staging.env');
    expect(fs.statSync(envFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(envFile, 'utf8')).toMatch(/^STAGING=1$/m);
  }, 300_000);

  it('ops on the staging data: the contact and the first admin, then preflight is ready', () => {
    const contact = runStaging([
      'ops',
      'operator:set',
      '客服小王',
      '/service/operator-avatar.svg',
      'https://static.example.test/wx.png',
      '工作日',
    ]);
    expect(contact.status, contact.stderr).toBe(0);
    const admin = runStaging(['ops', 'admin:create', '13912340000']);
    expect(admin.status, admin.stderr).toBe(0);
    const preflight = runStaging(['ops', 'preflight']);
    expect(preflight.stderr).toBe('');
    expect(preflight.status).toBe(0);
    expect(preflight.stdout).toContain('preflight: ready; a production start would go ahead');
    expect(preflight.stdout).toContain('with STAGING=1');
  }, 300_000);

  describe('the second start', () => {
    let child: ChildProcess;
    let output = '';
    let base: string;
    let pageUrl: string;

    beforeAll(async () => {
      child = spawn(process.execPath, ['--import', 'tsx', runner, '--no-build', '--port', String(port)], {
        cwd: path.resolve(serverDir, '..'),
        env: stagingEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      const deadline = Date.now() + 240_000;
      while (!/The customer's phone \(SMS codes, paying\): (\S+)/.test(output)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm run staging did not come up:\n${output}`);
        await new Promise((r) => setTimeout(r, 500));
      }
      base = /Staging: (http:\/\/\S+)/.exec(output)![1]!;
      pageUrl = /The customer's phone \(SMS codes, paying\): (\S+)/.exec(output)![1]!;
    }, 300_000);
    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT');
        await exited;
      }
    });

    const api = async (method: 'GET' | 'POST', route: string, body?: unknown, token?: string) => {
      const response = await fetch(`${base}${route}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          ...(token ? { 't-token': token } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, headers: response.headers, body: (await response.json()) as { success: boolean; data: any } };
    };
    const state = async () => (await (await fetch(`${pageUrl}state.json`)).json()) as { sms: Array<{ phone: string; code: string }> };

    it('serves production code marked staging, against the stand-ins', async () => {
      const answer = await api('GET', '/api/pay/types');
      expect(answer.headers.get('x-deployment-stage')).toBe('staging');
      expect(answer.body.data.map((t: { payType: number }) => t.payType)).toEqual([1, 2, 9]);
      expect((await fetch(`${base}/api/dev/sms-outbox?phone=13800138000`)).status).toBe(404);
      expect((await fetch(pageUrl)).headers.get('content-type')).toMatch(/^text\/html/);
    });

    it('a customer registers with the SMS stand-in code, buys with Alipay and WeChat Pay and pays on the stand-ins page', async () => {
      const phone = nextPhone();
      expect((await api('POST', '/api/user/send-sms-code', { phone, type: 1 })).status).toBe(200);
      await expect.poll(async () => (await state()).sms.some((m) => m.phone === phone)).toBe(true);
      const code = (await state()).sms.find((m) => m.phone === phone)!.code;
      // the stand-ins say each SMS on their next 300 ms tick
      await expect.poll(() => output).toContain(`[stand-in SMS] to ${phone}: 验证码 ${code}`);
      const registered = await api('POST', '/api/user/reg', { phone, password: 'stage12345', verifyCode: code });
      expect(registered.status).toBe(200);
      const token = registered.body.data.token as string;

      const goods = (await api('GET', '/api/god/get?type=integral', undefined, token)).body.data as Array<{ id: number; points: number }>;
      let expected = 0;
      for (const [payType, gateway] of [
        [1, 'alipay'],
        [2, 'wechat'],
      ] as const) {
        const created = await api('POST', '/api/order/create', { goodsId: goods[0]!.id, payType }, token);
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        const orderNo = created.body.data.orderNo as string;
        expect(created.body.data.pay.qrCode).toEqual(expect.any(String));
        // The 付款 button of the stand-ins' page.
        const paid = await fetch(`${pageUrl}pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ gateway, orderNo }).toString(),
        });
        expect(await paid.text()).toContain(`订单 ${orderNo} 已付款`);
        expected += goods[0]!.points;
        const detail = await api('GET', `/api/order/detail?orderNo=${orderNo}`, undefined, token);
        expect(detail.body.data.status, gateway).toBe('paid');
        expect((await api('GET', '/api/user/user-data', undefined, token)).body.data.integral).toBe(expected);
      }
    }, 120_000);
  });
});
