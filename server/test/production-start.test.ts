/**
 * Production start: the settings check (loadConfig lists every problem, one line each), the real
 * server process refusing to start without a real SMS provider, and, configured with Aliyun SMS
 * pointed at the local fake gateway, a registration end to end with the code the gateway received.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import { startApiServer } from './support/processes.mjs';
import { loadServerConfig, nextPhone } from './support/support.ts';
import { startAliyunSmsFake, type AliyunSmsFake } from './support/fakes/aliyun-sms.ts';
import { aliyunSmsEnv } from './support/fakes/sms-settings.ts';
import { PRODUCTION_PAYMENT_ENV } from './support/fakes/payment-settings.ts';

/** The problems of a configuration that has a payment gateway (production also requires one; tested with the payments). */
const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadServerConfig({ ...PRODUCTION_PAYMENT_ENV, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadConfig in production', () => {
  it('refuses the console SMS provider, saying what to set', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^SMS_PROVIDER is console.*set SMS_PROVIDER=aliyun or tencent/),
    ]);
    expect(problemsOf({ NODE_ENV: 'production', SMS_PROVIDER: 'console' })).toHaveLength(1);
    expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
  });

  it('the ops command line needs no SMS gateway, only sound values', () => {
    expect(loadServerConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'aliyun' }, 'ops').smsProvider).toBe('aliyun');
    expect(() => loadServerConfig({ NODE_ENV: 'production' }, 'ops')).not.toThrow();
    expect(() => loadServerConfig({ NODE_ENV: 'production', PORT: 'x' }, 'ops')).toThrow(ConfigError);
  });

  it('lists every missing Aliyun setting on its own line', () => {
    const problems = problemsOf({ NODE_ENV: 'production', SMS_PROVIDER: 'aliyun' });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'Missing setting ALIYUN_ACCESS_KEY_ID',
      'Missing setting ALIYUN_ACCESS_KEY_SECRET',
      'Missing setting ALIYUN_SMS_SIGN_NAME',
      'Missing setting ALIYUN_SMS_TEMPLATE_CODE',
    ]);
    for (const line of problems) expect(line).toMatch(/: set it to .+\.$/);
  });

  it('lists every missing Tencent setting; the region and endpoint have defaults', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'tencent',
      TENCENT_SECRET_ID: 'AKIDx',
      TENCENT_SMS_TEMPLATE_ID_1: '1',
      TENCENT_SMS_TEMPLATE_ID_3: '3',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'Missing setting TENCENT_SECRET_KEY',
      'Missing setting TENCENT_SMS_SDK_APP_ID',
      'Missing setting TENCENT_SMS_SIGN_NAME',
    ]);
  });

  it('a template per code type: the per-type setting wins, the plain one covers the rest', () => {
    const base = {
      ...PRODUCTION_PAYMENT_ENV,
      NODE_ENV: 'production',
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '签名',
    };
    expect(loadServerConfig({ ...base, ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1', ALIYUN_SMS_TEMPLATE_CODE_3: 'SMS_3' }).aliyunSms).toEqual({
      accessKeyId: 'id',
      accessKeySecret: 'secret',
      signName: '签名',
      templateCodes: { 1: 'SMS_1', 3: 'SMS_3' },
      endpoint: 'https://dysmsapi.aliyuncs.com',
    });
    expect(problemsOf({ ...base, ALIYUN_SMS_TEMPLATE_CODE_1: 'SMS_1' })).toEqual([
      expect.stringMatching(/^Missing setting ALIYUN_SMS_TEMPLATE_CODE:/),
    ]);
  });

  it('reports malformed values together with missing ones', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'aliyun',
      PORT: 'http',
      SMS_SEND_TIMEOUT_MS: '0',
      ALIYUN_SMS_ENDPOINT: 'dysmsapi.aliyuncs.com',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'Invalid setting PORT="http": set it to a whole number of at least 0.',
        'Invalid setting SMS_SEND_TIMEOUT_MS="0": set it to a whole number of at least 1.',
        expect.stringMatching(/^Invalid setting ALIYUN_SMS_ENDPOINT="dysmsapi.aliyuncs.com": set it to a full http\(s\) URL/),
      ]),
    );
    expect(problemsOf({ SMS_PROVIDER: 'twilio' })).toEqual([expect.stringMatching(/^Invalid setting SMS_PROVIDER="twilio"/)]);
  });
});

const serverDir = resolve(import.meta.dirname, '..');

/** Runs `src/main.ts` with exactly this environment (plus PATH) and collects what it prints. */
function runServer(env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`the server did not exit within ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

describe('the API process with NODE_ENV=production', () => {
  let dataDir: string;
  let fake: AliyunSmsFake;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'taskplan-production-'));
    fake = await startAliyunSmsFake();
  });
  afterAll(async () => {
    await fake?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start with the console SMS provider: one line, exit 1, no stack', async () => {
    const run = await runServer({ NODE_ENV: 'production', DATA_DIR: dataDir, ...PRODUCTION_PAYMENT_ENV });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^SMS_PROVIDER is console/)]);
  }, 90_000);

  it('lists each missing Aliyun setting on its own line and exits 1 without a stack', async () => {
    const { ALIYUN_SMS_SIGN_NAME: _sign, ALIYUN_ACCESS_KEY_SECRET: _secret, ...partial } = aliyunSmsEnv(fake);
    const run = await runServer({ NODE_ENV: 'production', DATA_DIR: dataDir, ...PRODUCTION_PAYMENT_ENV, ...partial });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^Missing setting ALIYUN_ACCESS_KEY_SECRET: set it to /),
      expect.stringMatching(/^Missing setting ALIYUN_SMS_SIGN_NAME: set it to /),
    ]);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 90_000);

  it('starts with Aliyun SMS configured and registers a new user with the code the gateway received', async () => {
    const server = await startApiServer({
      env: { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: undefined, ...PRODUCTION_PAYMENT_ENV, ...aliyunSmsEnv(fake) },
      what: 'production API',
      timeoutMs: 240_000,
    });
    try {
      const post = (path: string, body: object) =>
        fetch(`${server.baseURL}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify(body),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { success: boolean; data: { token?: string } } }));
      const phone = nextPhone();
      expect(await post('/api/user/send-sms-code', { phone, type: 1 })).toEqual({ status: 200, body: { success: true, data: {} } });
      const delivered = fake.sent.filter((s) => s.phone === phone);
      expect(delivered).toEqual([
        { phone, signName: fake.account.signName, templateCode: fake.account.templateCodes[0], code: expect.stringMatching(/^\d{6}$/) },
      ]);
      // Production has no dev outbox: the gateway is the only way to the code.
      expect((await fetch(`${server.baseURL}/api/dev/sms-outbox?phone=${phone}`)).status).toBe(404);
      expect(server.log()).not.toContain(delivered[0]!.code);

      const registered = await post('/api/user/reg', { phone, password: 'prod12345', verifyCode: delivered[0]!.code });
      expect(registered.status).toBe(200);
      expect(registered.body.data.token).toEqual(expect.any(String));
      const login = await post('/api/user/pwd-login', { phone, password: 'prod12345' });
      expect(login).toMatchObject({ status: 200, body: { success: true } });
    } finally {
      await server.stop();
    }
  }, 300_000);
});
