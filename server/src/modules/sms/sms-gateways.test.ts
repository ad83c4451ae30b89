/**
 * The aliyun and tencent SMS providers through their vendors' official SDKs against local fakes of
 * the vendors' HTTP APIs (which verify signatures with keys generated here), and what a failing
 * gateway means for the caller of send-sms-code.
 */
import { createLogger } from '../../lib/logger.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGING_PAYMENT_ENV } from '../../../test/support/fakes/payment-settings.ts';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { smsCodes } from '../../tables.ts';
import { buildApp } from '../../app.ts';
import { SmsGatewayError, createSmsProvider, type SmsProvider } from './index.ts';
import { createTestEnv, loadServerConfig, nextPhone, type TestEnv } from '../../../test/support/support.ts';
import { startAliyunSmsFake, type AliyunSmsFake } from '../../../test/support/fakes/aliyun-sms.ts';
import { startTencentSmsFake, type TencentSmsFake } from '../../../test/support/fakes/tencent-sms.ts';
import { aliyunSmsEnv, tencentSmsEnv } from '../../../test/support/fakes/sms-settings.ts';

// Short enough to wait for a gateway that never answers, long enough for a busy test machine.
const TIMEOUT_MS = 1500;

interface Vendor {
  name: 'aliyun' | 'tencent';
  start(): Promise<AliyunSmsFake | TencentSmsFake>;
  env(fake: AliyunSmsFake | TencentSmsFake): Record<string, string>;
  /** What the fake received, in the provider-independent shape. */
  sent(fake: AliyunSmsFake | TencentSmsFake): { phone: string; template: string; code: string }[];
  /** The phone number as the vendor wants it. */
  vendorPhone(phone: string): string;
  templates(fake: AliyunSmsFake | TencentSmsFake): string[];
  secret(fake: AliyunSmsFake | TencentSmsFake): string;
  badSecretEnv: string;
  badSignatureCode: string;
  badTemplateCode: string;
  badSignNameCode: string;
  vendorErrorCode: string;
}

const vendors: Vendor[] = [
  {
    name: 'aliyun',
    start: () => startAliyunSmsFake(),
    env: (fake) => aliyunSmsEnv(fake as AliyunSmsFake),
    sent: (fake) => (fake as AliyunSmsFake).sent.map((s) => ({ phone: s.phone, template: s.templateCode, code: s.code })),
    vendorPhone: (phone) => phone,
    templates: (fake) => (fake as AliyunSmsFake).account.templateCodes,
    secret: (fake) => (fake as AliyunSmsFake).account.accessKeySecret,
    badSecretEnv: 'ALIYUN_ACCESS_KEY_SECRET',
    badSignatureCode: 'SignatureDoesNotMatch',
    badTemplateCode: 'isv.SMS_TEMPLATE_ILLEGAL',
    badSignNameCode: 'isv.SMS_SIGNATURE_ILLEGAL',
    vendorErrorCode: 'isv.BUSINESS_LIMIT_CONTROL',
  },
  {
    name: 'tencent',
    start: () => startTencentSmsFake(),
    env: (fake) => tencentSmsEnv(fake as TencentSmsFake),
    sent: (fake) => (fake as TencentSmsFake).sent.map((s) => ({ phone: s.phone, template: s.templateId, code: s.code })),
    vendorPhone: (phone) => `+86${phone}`,
    templates: (fake) => (fake as TencentSmsFake).account.templateIds,
    secret: (fake) => (fake as TencentSmsFake).account.secretKey,
    badSecretEnv: 'TENCENT_SECRET_KEY',
    badSignatureCode: 'AuthFailure.SignatureFailure',
    badTemplateCode: 'FailedOperation.TemplateIncorrectOrUnapproved',
    badSignNameCode: 'FailedOperation.SignatureIncorrectOrUnapproved',
    vendorErrorCode: 'LimitExceeded.PhoneNumberDailyLimit',
  },
];

const signNameEnv = { aliyun: 'ALIYUN_SMS_SIGN_NAME', tencent: 'TENCENT_SMS_SIGN_NAME' } as const;
const templateEnv = { aliyun: 'ALIYUN_SMS_TEMPLATE_CODE', tencent: 'TENCENT_SMS_TEMPLATE_ID' } as const;
const CODE_TYPES = [1, 3, 4] as const;

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ now: '2026-03-10T01:00:00Z', config: { smsIpLimit: 1000 } });
});
afterAll(() => env?.close());

/** The provider the configuration builds from these settings (as main.ts does). */
const providerFor = (settings: Record<string, string>, timeoutMs = TIMEOUT_MS): SmsProvider => {
  const config = loadServerConfig({
    NODE_ENV: 'production',
    SMS_SEND_TIMEOUT_MS: String(timeoutMs),
    ...STAGING_PAYMENT_ENV,
    ...settings,
  });
  return createSmsProvider(config, env.ctx.db, () => {});
};

const failureOf = async (promise: Promise<unknown>): Promise<SmsGatewayError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsGatewayError);
  return error as SmsGatewayError;
};

describe.each(vendors)('SMS_PROVIDER=$name through the vendor SDK', (vendor) => {
  let fake: AliyunSmsFake | TencentSmsFake;
  let provider: SmsProvider;
  beforeAll(async () => {
    fake = await vendor.start();
    provider = providerFor(vendor.env(fake), 15_000);
  });
  afterAll(() => fake?.close());

  it('delivers the code with the sign name, the template of its type (1, 3 and 4) and the number as the vendor wants it', async () => {
    const phone = nextPhone();
    await provider.send({ phone, type: 1, code: '123456' });
    await provider.send({ phone, type: 3, code: '654321' });
    await provider.send({ phone, type: 4, code: '404404' });
    const [register, reset, deletion] = vendor.templates(fake);
    expect(vendor.sent(fake)).toEqual([
      { phone: vendor.vendorPhone(phone), template: register, code: '123456' },
      { phone: vendor.vendorPhone(phone), template: reset, code: '654321' },
      { phone: vendor.vendorPhone(phone), template: deletion, code: '404404' },
    ]);
    expect(fake.refusals).toEqual([]);
  });

  it('one shared template serves every code type without its own', async () => {
    const [shared, , deletion] = vendor.templates(fake);
    const { [`${templateEnv[vendor.name]}_1`]: _1, [`${templateEnv[vendor.name]}_3`]: _3, ...rest } = vendor.env(fake);
    const sharing = providerFor({ ...rest, [templateEnv[vendor.name]]: shared! });
    const phone = nextPhone();
    const before = vendor.sent(fake).length;
    for (const type of CODE_TYPES) await sharing.send({ phone, type, code: `77777${type}` });
    expect(
      vendor
        .sent(fake)
        .slice(before)
        .map((s) => s.template),
    ).toEqual([shared, shared, deletion]);
  });

  it('is refused by the vendor when signed with another secret, and the error names the vendor code but not the secret', async () => {
    const wrongSecret = 'x'.repeat(vendor.secret(fake).length);
    const error = await failureOf(
      providerFor({ ...vendor.env(fake), [vendor.badSecretEnv]: wrongSecret }).send({ phone: nextPhone(), type: 1, code: '111111' }),
    );
    expect(error.message).toContain(vendor.badSignatureCode);
    expect(error.message).not.toContain(wrongSecret);
    expect(error.message).not.toContain('111111');
    expect(fake.refusals.at(-1)).toBe(vendor.badSignatureCode);
  });

  it('reports the vendor refusing an unknown template or sign name', async () => {
    const template = await failureOf(
      providerFor({ ...vendor.env(fake), [`${templateEnv[vendor.name]}_1`]: '9999' }).send({ phone: nextPhone(), type: 1, code: '222222' }),
    );
    expect(template.message).toContain(vendor.badTemplateCode);
    const signName = await failureOf(
      providerFor({ ...vendor.env(fake), [signNameEnv[vendor.name]]: '别的签名' }).send({ phone: nextPhone(), type: 1, code: '333333' }),
    );
    expect(signName.message).toContain(vendor.badSignNameCode);
  });

  it('reports an HTTP 500, a vendor error code and a gateway that never answers (within the timeout)', async () => {
    try {
      fake.failureMode = 'http-500';
      expect((await failureOf(provider.send({ phone: nextPhone(), type: 1, code: '444444' }))).message).toContain('500');
      fake.failureMode = 'vendor-error';
      expect((await failureOf(provider.send({ phone: nextPhone(), type: 1, code: '555555' }))).message).toContain(vendor.vendorErrorCode);
      fake.failureMode = 'no-answer';
      const started = Date.now();
      await failureOf(providerFor(vendor.env(fake)).send({ phone: nextPhone(), type: 1, code: '666666' }));
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3000);
    } finally {
      fake.failureMode = 'none';
    }
  });
});

describe.each(vendors)('every code type through the API on SMS_PROVIDER=$name', (vendor) => {
  let fake: AliyunSmsFake | TencentSmsFake;
  let app: FastifyInstance;
  beforeAll(async () => {
    fake = await vendor.start();
    app = await buildApp(env.ctx, { providers: { ...env.providers, sms: providerFor(vendor.env(fake)) } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  const post = (url: string, payload: Record<string, unknown>, token?: string) =>
    app
      .inject({ method: 'POST', url, payload, headers: token ? { 't-token': token } : {} })
      .then((r) => ({ status: r.statusCode, body: r.json() }));
  /** Sends a code of `type` through send-sms-code; answers the code the gateway delivered with that type's template. */
  const codeOfType = async (phone: string, type: (typeof CODE_TYPES)[number]) => {
    const sent = await post('/api/user/send-sms-code', { phone, type });
    expect(sent, `type ${type}`).toEqual({ status: 200, body: expect.objectContaining({ success: true }) });
    const delivered = vendor.sent(fake).at(-1)!;
    expect(delivered.phone).toBe(vendor.vendorPhone(phone));
    expect(delivered.template, `template of type ${type}`).toBe(vendor.templates(fake)[CODE_TYPES.indexOf(type)]);
    env.clock.advance(61_000);
    return delivered.code;
  };

  it('registers (type 1), resets the password (type 3) and deletes the account (type 4), each code sent with its own template', async () => {
    const phone = nextPhone();
    const registered = await post('/api/user/reg', { phone, password: 'abc12345', verifyCode: await codeOfType(phone, 1) });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const reset = await post('/api/user/reset-pwd', { phone, password: 'xyz12345', verifyCode: await codeOfType(phone, 3) });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const login = await post('/api/user/pwd-login', { phone, password: 'xyz12345' });
    expect(login.status).toBe(200);
    const deleted = await post('/api/user/delete-account', { verifyCode: await codeOfType(phone, 4) }, login.body.data.token);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await post('/api/user/pwd-login', { phone, password: 'xyz12345' })).status).toBe(400);
    expect(fake.refusals).toEqual([]);
  });
});

describe('a failing gateway, as the caller of send-sms-code sees it', () => {
  let fake: AliyunSmsFake;
  let app: FastifyInstance;
  const logLines: string[] = [];
  const ip = '10.20.30.40';
  beforeAll(async () => {
    fake = await startAliyunSmsFake();
    app = await buildApp(
      { ...env.ctx, config: { ...env.ctx.config, smsSendTimeoutMs: TIMEOUT_MS } },
      {
        logger: createLogger('warn', { write: (line: string) => logLines.push(line) }),
        providers: { ...env.providers, sms: providerFor(aliyunSmsEnv(fake)) },
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  const send = (phone: string, type = 1) =>
    app
      .inject({ method: 'POST', url: '/api/user/send-sms-code', payload: { phone, type }, remoteAddress: ip })
      .then((r) => ({ status: r.statusCode, body: r.json() }));
  const codeRows = async (phone: string) => (await env.ctx.db.select({ n: count() }).from(smsCodes).where(eq(smsCodes.phone, phone)))[0]!.n;

  it.each(['http-500', 'vendor-error', 'no-answer'] as const)(
    '%s: 503 in Chinese, no code stored, the resend window and daily count untouched, the log says why',
    async (mode) => {
      const phone = nextPhone();
      fake.failureMode = mode;
      const linesBefore = logLines.length;
      try {
        for (let i = 0; i < 3; i++) {
          expect(await send(phone)).toEqual({ status: 503, body: { success: false, message: '短信发送失败，请稍后再试' } });
        }
      } finally {
        fake.failureMode = 'none';
      }
      expect(await codeRows(phone)).toBe(0);
      const logged = logLines.slice(linesBefore).join('\n');
      expect(logged).toContain('SMS code not sent');
      expect(logged).toContain(
        mode === 'http-500' ? 'InternalError' : mode === 'vendor-error' ? 'isv.BUSINESS_LIMIT_CONTROL' : 'no answer within',
      );
      expect(logged).not.toContain(fake.account.accessKeySecret);
      // The SDK's own errors quote the request URL, template parameter included: the code is masked.
      expect(logged).not.toMatch(/code%22%3A%22\d{6}|"code":"\d{6}"/);
      // Straight away (no 60 s wait) the next send goes through, and it is the code that works.
      expect((await send(phone)).status).toBe(200);
      const delivered = fake.sent.at(-1)!;
      expect(delivered.phone).toBe(phone);
      expect(logLines.join('\n')).not.toContain(delivered.code);
      env.clock.advance(61_000);
    },
  );

  it('ten failed sends leave the whole daily allowance of ten', async () => {
    const phone = nextPhone();
    fake.failureMode = 'vendor-error';
    try {
      for (let i = 0; i < 10; i++) expect((await send(phone)).status).toBe(503);
    } finally {
      fake.failureMode = 'none';
    }
    for (let i = 0; i < 10; i++) {
      expect((await send(phone)).status).toBe(200);
      env.clock.advance(61_000);
    }
    expect((await send(phone)).status).toBe(429);
  });

  it('gateway failures count against the per-IP limit like any other attempt', async () => {
    // This app has its own copy of the configuration.
    const config = app.ctx.config;
    const saved = config.smsIpLimit;
    config.smsIpLimit = 2;
    try {
      const otherIp = '10.20.30.41';
      const sendFrom = (phone: string) =>
        app
          .inject({ method: 'POST', url: '/api/user/send-sms-code', payload: { phone, type: 1 }, remoteAddress: otherIp })
          .then((r) => r.statusCode);
      fake.failureMode = 'http-500';
      expect(await sendFrom(nextPhone())).toBe(503);
      expect(await sendFrom(nextPhone())).toBe(503);
      fake.failureMode = 'none';
      expect(await sendFrom(nextPhone())).toBe(429);
    } finally {
      config.smsIpLimit = saved;
      fake.failureMode = 'none';
    }
  });
});
