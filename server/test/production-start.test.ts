/**
 * Production start: the settings check (loadConfig lists every problem, one line each, in the one
 * format `<subject>: <what is wrong>; <what to do>.`), the real server process refusing to start
 * while a setting is wrong or the data holds a placeholder or lacks an admin, `ops preflight`
 * printing the very same lines, and, once ops fixed them, a start that serves: in staging against
 * the Aliyun SMS stand-in (a registration end to end with the code the gateway received), and in
 * production with the vendors' real endpoints (never called here).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import { runOps, startApiServer } from './support/processes.mjs';
import { loadServerConfig, nextPhone } from './support/support.ts';
import { startAliyunSmsFake, type AliyunSmsFake } from './support/fakes/aliyun-sms.ts';
import { aliyunSmsEnv } from './support/fakes/sms-settings.ts';
import { ITEM_PROVIDER_KEYS } from './support/fakes/item-settings.ts';
import { PRODUCTION_PAYMENT_ENV, STAGING_PAYMENT_ENV } from './support/fakes/payment-settings.ts';

/** The one format of a problem line. */
const PROBLEM_LINE = /^[^:;]+: [^;]+; .+\.$/;

/** The problems of a configuration (with a payment gateway unless `env` says otherwise). */
const problemsOf = (env: Record<string, string>, base: Record<string, string> = PRODUCTION_PAYMENT_ENV): string[] => {
  try {
    loadServerConfig({ ...base, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

/** Aliyun SMS as a live site sets it: the vendor's own endpoint (never called by these tests). */
const REAL_ALIYUN_ENV = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: 'LTAI5tExampleKeyId',
  ALIYUN_ACCESS_KEY_SECRET: 'example-secret',
  ALIYUN_SMS_SIGN_NAME: '任务计划',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_480000001',
};

describe('loadConfig in production', () => {
  it('refuses the console SMS provider, saying what to set', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'SMS_PROVIDER: console only prints the codes to the log (NODE_ENV=production); set SMS_PROVIDER=aliyun or tencent with its settings.',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', SMS_PROVIDER: 'console' })).toHaveLength(1);
    expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production', ...REAL_ALIYUN_ENV })).toEqual([]);
  });

  it('requires METRICS_TOKEN (a server outside production does not)', () => {
    const { METRICS_TOKEN: _token, ...withoutToken } = PRODUCTION_PAYMENT_ENV;
    const problems = (() => {
      try {
        loadServerConfig({
          ...withoutToken,
          NODE_ENV: 'production',
          SMS_PROVIDER: 'aliyun',
          ALIYUN_ACCESS_KEY_ID: 'LTAI-test',
          ALIYUN_ACCESS_KEY_SECRET: 'secret-of-the-test',
          ALIYUN_SMS_SIGN_NAME: '任务计划',
          ALIYUN_SMS_TEMPLATE_CODE: 'SMS_100000001',
        });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    })();
    // The one problem format: `<setting>: <what is wrong>; <what to do>.`
    expect(problems).toEqual([expect.stringMatching(/^METRICS_TOKEN: missing [^;]*; set it to [^;]*\.$/)]);
    expect(() => loadServerConfig({ ...withoutToken, NODE_ENV: 'development' })).not.toThrow();
    expect(() => loadServerConfig({ ...withoutToken, NODE_ENV: 'production' }, 'ops')).not.toThrow();
    // A blank token is no token: refused alike, never a bearer of spaces /metrics would accept.
    expect(problemsOf({ ...REAL_ALIYUN_ENV, NODE_ENV: 'production', METRICS_TOKEN: '   ' })).toEqual([
      expect.stringMatching(/^METRICS_TOKEN: missing /),
    ]);
    // Whitespace around it (an env file's) is not part of it: Prometheus sends the token trimmed.
    expect(
      loadServerConfig({ ...REAL_ALIYUN_ENV, ...PRODUCTION_PAYMENT_ENV, NODE_ENV: 'production', METRICS_TOKEN: ' abc123 ' }).metricsToken,
    ).toBe('abc123');
  });

  it('the ops command line needs no SMS gateway, only sound values', () => {
    expect(loadServerConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'aliyun' }, 'ops').smsProvider).toBe('aliyun');
    expect(() => loadServerConfig({ NODE_ENV: 'production' }, 'ops')).not.toThrow();
    expect(() => loadServerConfig({ NODE_ENV: 'production', PORT: 'x' }, 'ops')).toThrow(ConfigError);
  });

  it('lists every missing Aliyun setting on its own line', () => {
    const problems = problemsOf({ NODE_ENV: 'production', SMS_PROVIDER: 'aliyun' });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'ALIYUN_ACCESS_KEY_ID',
      'ALIYUN_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE',
    ]);
    for (const line of problems) expect(line).toMatch(/^[A-Z_]+: missing; set it to .+\.$/);
  });

  it('lists every missing Tencent setting; the region and endpoint have defaults', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'tencent',
      TENCENT_SECRET_ID: 'AKIDx',
      TENCENT_SMS_TEMPLATE_ID_1: '1',
      TENCENT_SMS_TEMPLATE_ID_3: '3',
      TENCENT_SMS_TEMPLATE_ID_4: '4',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['TENCENT_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID', 'TENCENT_SMS_SIGN_NAME']);
  });

  it('a template per code type: the per-type setting wins, the plain one covers the rest', () => {
    const base = { ...PRODUCTION_PAYMENT_ENV, ...REAL_ALIYUN_ENV, NODE_ENV: 'production', ALIYUN_SMS_TEMPLATE_CODE: '' };
    expect(loadServerConfig({ ...base, ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1', ALIYUN_SMS_TEMPLATE_CODE_3: 'SMS_3' }).aliyunSms).toEqual({
      accessKeyId: REAL_ALIYUN_ENV.ALIYUN_ACCESS_KEY_ID,
      accessKeySecret: REAL_ALIYUN_ENV.ALIYUN_ACCESS_KEY_SECRET,
      signName: '任务计划',
      templateCodes: { 1: 'SMS_1', 3: 'SMS_3', 4: 'SMS_1' },
      endpoint: 'https://dysmsapi.aliyuncs.com',
    });
    expect(problemsOf({ ...base, ALIYUN_SMS_TEMPLATE_CODE_1: 'SMS_1' }).map((p) => p.split(':')[0])).toEqual([
      'ALIYUN_SMS_TEMPLATE_CODE_3',
      'ALIYUN_SMS_TEMPLATE_CODE_4',
    ]);
  });

  it('a deletion code (type 4) needs its template too: templates for 1 and 3 only do not start', () => {
    for (const [provider, name, extra] of [
      [
        'aliyun',
        'ALIYUN_SMS_TEMPLATE_CODE',
        { ALIYUN_ACCESS_KEY_ID: 'id', ALIYUN_ACCESS_KEY_SECRET: 'secret', ALIYUN_SMS_SIGN_NAME: '签名' },
      ],
      [
        'tencent',
        'TENCENT_SMS_TEMPLATE_ID',
        { TENCENT_SECRET_ID: 'AKIDx', TENCENT_SECRET_KEY: 'k', TENCENT_SMS_SDK_APP_ID: '1400000001', TENCENT_SMS_SIGN_NAME: '签名' },
      ],
    ] as const) {
      const settings = {
        ...PRODUCTION_PAYMENT_ENV,
        NODE_ENV: 'production',
        SMS_PROVIDER: provider,
        ...extra,
        [`${name}_1`]: 'T1',
        [`${name}_3`]: 'T3',
      };
      expect(problemsOf(settings)).toEqual([
        `${name}_4: missing; set it to ${provider === 'aliyun' ? 'the approved verification-code template code (SMS_...) whose text contains ${code}' : 'the approved template ID whose text has the code as its parameter {1}'} for code type 4 (account deletion), or set ${name} for every type without its own.`,
      ]);
      expect(problemsOf({ ...settings, [`${name}_4`]: 'T4' })).toEqual([]);
    }
  });

  it('reports malformed values together with missing ones, every line in the one format', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'aliyun',
      PORT: 'http',
      SMS_SEND_TIMEOUT_MS: '0',
      ALIYUN_SMS_ENDPOINT: 'dysmsapi.aliyuncs.com',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT: "http" is not a whole number of at least 0; set it to one, or unset it for 8080.',
        'SMS_SEND_TIMEOUT_MS: "0" is not a whole number of at least 1; set it to one, or unset it for 5000.',
        'ALIYUN_SMS_ENDPOINT: "dysmsapi.aliyuncs.com" is not a full http(s) URL; set it to one such as https://dysmsapi.aliyuncs.com.',
        'ALIYUN_ACCESS_KEY_ID: missing; set it to the AccessKey ID of a RAM user allowed to call dysms:SendSms.',
      ]),
    );
    for (const line of problems) expect(line).toMatch(PROBLEM_LINE);
    expect(problemsOf({ SMS_PROVIDER: 'twilio' })).toEqual([
      'SMS_PROVIDER: "twilio" is not a provider; set it to aliyun or tencent (console only outside production).',
    ]);
  });

  it('PUBLIC_BASE_URL: production needs the public https origin', () => {
    const origin = (value: string) => problemsOf({ NODE_ENV: 'production', ...REAL_ALIYUN_ENV, PUBLIC_BASE_URL: value });
    expect(origin('https://shop.example.com')).toEqual([]);
    expect(origin('https://shop.example.com/')).toEqual([]);
    expect(origin('http://shop.example.com')).toEqual([
      'PUBLIC_BASE_URL: "http://shop.example.com" is not https; set it to the https origin users open (WeChat Pay posts notifications to https only).',
    ]);
    expect(origin('https://shop.example.com/app')).toEqual([
      'PUBLIC_BASE_URL: "https://shop.example.com/app" is not an origin (it has a path); set it to scheme and host only, e.g. https://shop.example.com.',
    ]);
    // An IPv4 address mapped into IPv6 is that address (URL writes [::ffff:127.0.0.1] as [::ffff:7f00:1]).
    const locals = ['https://127.0.0.1:8443', 'https://localhost', 'https://10.0.0.5', 'https://shop.internal', 'https://[::1]'];
    for (const local of [...locals, 'https://[::ffff:127.0.0.1]', 'https://[::ffff:10.0.0.5]:8443'])
      expect(origin(local), local).toEqual([expect.stringMatching(/^PUBLIC_BASE_URL: .* is not reachable from the internet; /)]);
    // Outside production (development, or NODE_ENV unset) the sandbox pays: any http(s) origin will do, or none.
    for (const nodeEnv of ['development', undefined]) {
      const env: Record<string, string> = { PUBLIC_BASE_URL: 'http://127.0.0.1:8080' };
      if (nodeEnv) env.NODE_ENV = nodeEnv;
      expect(problemsOf(env, {}), `NODE_ENV=${nodeEnv}`).toEqual([]);
      expect(problemsOf(nodeEnv ? { NODE_ENV: nodeEnv } : {}, {}), `NODE_ENV=${nodeEnv}`).toEqual([]);
    }
    const { PUBLIC_BASE_URL: _origin, ...withoutOrigin } = PRODUCTION_PAYMENT_ENV;
    expect(problemsOf({ NODE_ENV: 'production', ...REAL_ALIYUN_ENV }, withoutOrigin)).toEqual([
      "PUBLIC_BASE_URL: missing; set it to the site's public https origin (https://shop.example.com), where the payment gateways send their notifications.",
    ]);
  });

  it('a vendor endpoint pointing at a stand-in, plain http or the sandbox is refused in production, accepted in staging', () => {
    const production = { NODE_ENV: 'production', ...REAL_ALIYUN_ENV };
    expect(problemsOf({ ...production, ALIPAY_GATEWAY: 'http://127.0.0.1:9/gateway.do' })).toEqual([
      "ALIPAY_GATEWAY: http://127.0.0.1:9/gateway.do is not the vendor's public https API (a stand-in?); unset it (the vendor's https://openapi.alipay.com/gateway.do), or set STAGING=1 for a rehearsal against stand-ins.",
    ]);
    expect(problemsOf({ ...production, ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do' })).toEqual([
      expect.stringMatching(/^ALIPAY_GATEWAY: .* is the vendor's sandbox, where no real money or message moves; /),
    ]);
    expect(problemsOf({ ...production, ALIYUN_SMS_ENDPOINT: 'http://dysmsapi.aliyuncs.com' })).toEqual([
      expect.stringMatching(/^ALIYUN_SMS_ENDPOINT: http:\/\/dysmsapi.aliyuncs.com is not the vendor's public https API/),
    ]);
    const staged = { ...production, ...STAGING_PAYMENT_ENV, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:7/' };
    expect(problemsOf(staged)).toEqual([]);
    expect(loadServerConfig(staged).staging).toBe(true);
  });

  it('item lookup gateways: a stand-in is refused in production only; a URL with a password in the one format', () => {
    const production = { NODE_ENV: 'production', ...REAL_ALIYUN_ENV };
    const providers = ITEM_PROVIDER_KEYS;
    const standIns = {
      TAOBAO_GATEWAY_URL: 'http://127.0.0.1:9/router/rest',
      JD_UNION_GATEWAY_URL: 'https://jd.internal/routerjson',
      PDD_GATEWAY_URL: 'http://10.0.0.9:7/api/router',
    };
    expect(problemsOf({ ...production, ...providers })).toEqual([]);
    expect(problemsOf({ ...production, ...providers, ...standIns })).toEqual([
      "TAOBAO_GATEWAY_URL: http://127.0.0.1:9/router/rest is not the vendor's public https API (a stand-in?); unset it (the vendor's https://gw.api.taobao.com/router/rest), or set STAGING=1 for a rehearsal against stand-ins.",
      "JD_UNION_GATEWAY_URL: https://jd.internal/routerjson is not the vendor's public https API (a stand-in?); unset it (the vendor's https://api.jd.com/routerjson), or set STAGING=1 for a rehearsal against stand-ins.",
      "PDD_GATEWAY_URL: http://10.0.0.9:7/api/router is not the vendor's public https API (a stand-in?); unset it (the vendor's https://gw-api.pinduoduo.com/api/router), or set STAGING=1 for a rehearsal against stand-ins.",
    ]);
    // staging, development and NODE_ENV unset take the stand-ins
    expect(problemsOf({ ...production, ...STAGING_PAYMENT_ENV, ...providers, ...standIns })).toEqual([]);
    for (const nodeEnv of ['development', undefined]) {
      const env: Record<string, string> = { ...providers, ...standIns };
      if (nodeEnv) env.NODE_ENV = nodeEnv;
      expect(problemsOf(env, {}), `NODE_ENV=${nodeEnv}`).toEqual([]);
    }
    // a user and password in the URL: the setting named, the password never printed, in every NODE_ENV
    for (const nodeEnv of ['production', 'development', undefined]) {
      const env: Record<string, string> = { ...providers, PDD_GATEWAY_URL: 'https://egress:pr0xy-pass@gw-api.pinduoduo.com/api/router' };
      if (nodeEnv) Object.assign(env, nodeEnv === 'production' ? production : { NODE_ENV: nodeEnv });
      expect(problemsOf(env, nodeEnv === 'production' ? PRODUCTION_PAYMENT_ENV : {}), `NODE_ENV=${nodeEnv}`).toEqual([
        'PDD_GATEWAY_URL: a user or password in the URL is not sent; remove it (the platform signs each request with its keys).',
      ]);
    }
  });

  it('staging: never on a public origin, only with NODE_ENV=production', () => {
    const staged = { NODE_ENV: 'production', ...REAL_ALIYUN_ENV, STAGING: '1' };
    for (const origin of [
      'http://127.0.0.1:8080',
      'https://staging.internal',
      'http://10.1.2.3',
      'http://staging',
      'http://[::ffff:192.168.1.9]',
    ])
      expect(problemsOf({ ...staged, PUBLIC_BASE_URL: origin }), origin).toEqual([]);
    expect(problemsOf({ ...staged, PUBLIC_BASE_URL: 'https://shop.example.com' })).toEqual([
      'STAGING: PUBLIC_BASE_URL https://shop.example.com is a public origin; staging runs against vendor stand-ins and must not face customers: use a loopback, private-network or .test/.internal origin, or unset STAGING.',
    ]);
    for (const nodeEnv of ['development', 'test', undefined]) {
      const env: Record<string, string> = { STAGING: '1', PUBLIC_BASE_URL: 'http://127.0.0.1:8080' };
      if (nodeEnv) env.NODE_ENV = nodeEnv;
      expect(problemsOf(env, {}), `NODE_ENV=${nodeEnv}`).toEqual([
        `STAGING: set without NODE_ENV=production (it is ${nodeEnv ?? 'development'}); staging runs the production code paths: set NODE_ENV=production too, or unset STAGING.`,
      ]);
    }
    expect(problemsOf({ ...staged, STAGING: 'yes', PUBLIC_BASE_URL: 'https://shop.example.com' })).toEqual([
      'STAGING: "yes" is neither 1 nor 0; set STAGING=1 for a rehearsal against vendor stand-ins, or unset it.',
    ]);
    expect(loadServerConfig({ STAGING: '0' }).staging).toBe(false);
    expect(loadServerConfig({}).staging).toBe(false);
  });
});

const serverDir = resolve(import.meta.dirname, '..');

/** Runs `src/main.ts` with exactly this environment (plus PATH) and collects what it prints. */
function runServer(env: Record<string, string>, timeoutMs = 240_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
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

const lines = (text: string) => text.split('\n').filter(Boolean);
const PREFLIGHT_SUMMARY = /^preflight: not ready, \d+ problems? above; production refuses to start until each is fixed \(checked: .*\)\.$/;

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
    expect(lines(run.stderr)).toEqual(problemsOf({ NODE_ENV: 'production' }));
  }, 300_000);

  it('lists each missing Aliyun setting on its own line and exits 1 without a stack', async () => {
    const { ALIYUN_SMS_SIGN_NAME: _sign, ALIYUN_ACCESS_KEY_SECRET: _secret, ...partial } = aliyunSmsEnv(fake);
    const run = await runServer({ NODE_ENV: 'production', DATA_DIR: dataDir, ...STAGING_PAYMENT_ENV, ...partial });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      expect.stringMatching(/^ALIYUN_ACCESS_KEY_SECRET: missing; set it to /),
      expect.stringMatching(/^ALIYUN_SMS_SIGN_NAME: missing; set it to /),
    ]);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 300_000);

  it('sound settings but the seeded placeholder contact and no admin: the start and preflight name the same two problems; ops fixes them', async () => {
    const env = { NODE_ENV: 'production', DATA_DIR: dataDir, ...STAGING_PAYMENT_ENV, ...aliyunSmsEnv(fake) };
    const refused = await runServer(env);
    expect(refused.code).toBe(1);
    const problems = lines(refused.stderr);
    expect(problems).toEqual([
      'support contact: the default contact 小美 shows the sample WeChat QR code /service/wechat-qr.svg on every page and behind 联系客服; set your own: npm run ops -- operator:set <昵称> <头像地址> <微信二维码地址> <备注>.',
      'console admin: no account holds the admin role; make the first one: npm run ops -- admin:create <your phone>, then set its password in the app with 忘记密码 (an SMS code to that phone).',
    ]);
    // Everything before the refusal is the JSON log.
    for (const line of lines(refused.stdout)) expect(() => JSON.parse(line), line).not.toThrow();

    const preflight = await runOps(['preflight'], { env: { ...env, NODE_ENV: 'development', DATABASE_URL: undefined } });
    expect(preflight.code).toBe(1);
    expect(preflight.stdout).toBe('');
    expect(lines(preflight.stderr)).toEqual([...problems, expect.stringMatching(PREFLIGHT_SUMMARY)]);

    const opsEnv = { DATA_DIR: dataDir, DATABASE_URL: undefined, NODE_ENV: 'production' };
    const contact = await runOps(
      ['operator:set', '客服小王', '/service/operator-avatar.svg', 'https://img.shop-cdn.cn/wx-qr.png', '工作日 9-18 点'],
      {
        env: opsEnv,
      },
    );
    expect(contact).toMatchObject({ code: 0, stdout: expect.stringContaining('已修改默认运营') });
    const admin = await runOps(['admin:create', '13912345670'], { env: opsEnv });
    expect(admin).toMatchObject({ code: 0, stdout: expect.stringContaining('已创建账号 13912345670 并授予 admin 角色') });
    const again = await runOps(['admin:create', '13912345670'], { env: opsEnv });
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('已注册，未做任何改动') });

    const ready = await runOps(['preflight'], { env: { ...env, DATABASE_URL: undefined } });
    expect(ready).toMatchObject({ code: 0, stderr: '' });
    expect(ready.stdout).toMatch(
      /^preflight: ready; a production start would go ahead \(checked: settings, support contact and console admin, as NODE_ENV=production with STAGING=1 reads them\)\.\n$/,
    );
  }, 900_000);

  it('staging against the Aliyun SMS stand-in: serves, marks every answer, registers a user with the code the gateway received', async () => {
    const server = await startApiServer({
      env: { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: undefined, ...STAGING_PAYMENT_ENV, ...aliyunSmsEnv(fake) },
      what: 'staging API',
      timeoutMs: 240_000,
    });
    try {
      const post = (path: string, body: object) =>
        fetch(`${server.baseURL}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify(body),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { success: boolean; data: { token?: string } } }));
      expect((await fetch(`${server.baseURL}/api/Announcement/get?type=top`)).headers.get('x-deployment-stage')).toBe('staging');
      const phone = nextPhone();
      expect(await post('/api/user/send-sms-code', { phone, type: 1 })).toEqual({ status: 200, body: { success: true, data: {} } });
      const delivered = fake.sent.filter((s) => s.phone === phone);
      expect(delivered).toEqual([
        { phone, signName: fake.account.signName, templateCode: fake.account.templateCodes[0], code: expect.stringMatching(/^\d{6}$/) },
      ]);
      // Production code: no dev outbox, the gateway is the only way to the code.
      expect((await fetch(`${server.baseURL}/api/dev/sms-outbox?phone=${phone}`)).status).toBe(404);
      expect(server.log()).not.toContain(delivered[0]!.code);

      const registered = await post('/api/user/reg', { phone, password: 'prod12345', verifyCode: delivered[0]!.code });
      expect(registered.status).toBe(200);
      expect(registered.body.data.token).toEqual(expect.any(String));
      const login = await post('/api/user/pwd-login', { phone, password: 'prod12345' });
      expect(login).toMatchObject({ status: 200, body: { success: true } });
      // The first admin made by ops sets a password with 忘记密码 (an SMS code of type 3) and opens the console.
      expect(await post('/api/user/send-sms-code', { phone: '13912345670', type: 3 })).toMatchObject({ status: 200 });
      const code = fake.sent.filter((s) => s.phone === '13912345670').at(-1)!.code;
      expect(await post('/api/user/reset-pwd', { phone: '13912345670', password: 'admin12345', verifyCode: code })).toMatchObject({
        status: 200,
      });
      const admin = await post('/api/user/pwd-login', { phone: '13912345670', password: 'admin12345' });
      expect(admin.status).toBe(200);
      const me = await fetch(`${server.baseURL}/api/admin/me`, {
        headers: { 't-token': admin.body.data.token!, 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(me.status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 300_000);

  it('production with the vendors real endpoints: starts, and no answer says staging', async () => {
    const server = await startApiServer({
      env: { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: undefined, ...PRODUCTION_PAYMENT_ENV, ...REAL_ALIYUN_ENV },
      what: 'production API',
      timeoutMs: 240_000,
    });
    try {
      const answer = await fetch(`${server.baseURL}/api/readyz`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-deployment-stage')).toBeNull();
      expect(server.log()).not.toContain('STAGING');
    } finally {
      await server.stop();
    }
  }, 300_000);
});
