/**
 * Logs without personal data: whatever a log line holds (a console path with a phone in it, a
 * query, an error a gateway quoted), its mainland mobile numbers are masked and its secrets
 * replaced before it is written.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, scrubLogLine, setProcessLog } from '../src/lib/logger.ts';
import { createTestEnv, createTestUser, grantRole, call, type TestEnv, type TestUser } from './support/support.ts';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let env: TestEnv;
let admin: TestUser;
beforeAll(async () => {
  env = await createTestEnv({ logger: createLogger('debug', capture) });
  admin = await grantRole(env, await createTestUser(env), 'admin');
});
afterAll(() => env?.close());

describe('the API log', () => {
  it('masks the phone numbers of console paths, queries and messages in every line', async () => {
    const user = await createTestUser(env, { phone: '13912345678' });
    lines.length = 0;
    await call(env, 'GET', `/api/admin/users/${user.phone}`, { token: admin.token });
    await call(env, 'POST', `/api/admin/users/${user.phone}/points`, { token: admin.token, body: { delta: 5, remark: '补偿' } });
    await call(env, 'GET', '/api/admin/orders', { token: admin.token, query: { phone: user.phone } });
    await call(env, 'POST', '/api/user/pwd-login', { body: { phone: user.phone, password: 'wrong-1' } });
    env.app.log.info({ phone: user.phone, note: `用户 ${user.phone} 的操作` }, `about ${user.phone}`);
    expect(lines.length).toBeGreaterThan(6);
    const text = lines.join('\n');
    expect(text).not.toContain('13912345678');
    expect(text).toContain('/api/admin/users/139****5678/points');
    expect(text).toContain('about 139****5678');
    // Each line is still the JSON it was.
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });
});

describe('scrubLogLine', () => {
  it('masks mainland mobile numbers, not other digit runs; the public demo number stays', () => {
    expect(scrubLogLine('{"msg":"13800001111 and 19912345678"}')).toBe('{"msg":"138****1111 and 199****5678"}');
    expect(scrubLogLine('order 20261130100000123456, id 12345678901, +86 15012345678')).toBe(
      'order 20261130100000123456, id 12345678901, +86 150****5678',
    );
    expect(scrubLogLine('Demo login: 13800138000 / demo12345')).toBe('Demo login: 13800138000 / demo12345');
  });

  it('masks a number written with its country code, as Tencent SMS and the gateways quote it', () => {
    expect(scrubLogLine('{"PhoneNumberSet":["+8613912345678"],"to":"8615012345678","b":"008618612345678"}')).toBe(
      '{"PhoneNumberSet":["+86139****5678"],"to":"86150****5678","b":"0086186****5678"}',
    );
    expect(scrubLogLine('+86 13912345678, +86-13912345678, +8613800138000')).toBe('+86 139****5678, +86-139****5678, +8613800138000');
  });

  it('redacts secrets a gateway error or an object may carry', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBg\\n-----END PRIVATE KEY-----';
    const line = JSON.stringify({
      msg: `refused: sign=abc%2Bdef&app_id=2021 Authorization: Bearer abcdefghijklmnop ${pem}`,
      headers: { authorization: 'WECHATPAY2-SHA256-RSA2048 mchid="1",signature="xyz"', 't-token': 'tok-123' },
      password: 'hunter22',
      apiV3Key: '0123456789abcdef0123456789abcdef',
      code: '23505',
    });
    const scrubbed = scrubLogLine(line);
    for (const secret of [
      'abc%2Bdef',
      'abcdefghijklmnop',
      'MIIEvQIBADANBg',
      'tok-123',
      'hunter22',
      '0123456789abcdef0123456789abcdef',
      'signature="xyz"',
    ]) {
      expect(scrubbed, secret).not.toContain(secret);
    }
    expect(JSON.parse(scrubbed)).toMatchObject({ code: '23505', password: '[redacted]', headers: { 't-token': '[redacted]' } });
    expect(scrubbed).toContain('app_id=2021');
  });
});

describe('gateway errors met outside a request', () => {
  it('go through the log, scrubbed, not to the console raw', async () => {
    const { settleIfPaidAtGateway } = await import('../src/modules/order/settlement.ts');
    const raw: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void raw.push(args));
    const refused = new Error(
      'alipay.trade.query failed: https://openapi.alipay.com/gateway.do?app_id=2021&sign=SIGNATURE-SECRET&buyer_phone=13912345678',
    );
    const gateway = {
      name: 'alipay',
      simulated: false,
      queryPayment: async () => {
        throw refused;
      },
    };
    const row = { orderNo: 'LP20261130000001', payType: 1, payment: { qrCode: 'https://qr.example/1' } };
    lines.length = 0;
    // Outside a request or a job a line goes to the process's log: the app's logger, as main.ts sets it.
    setProcessLog(env.app.log);
    try {
      expect(await settleIfPaidAtGateway(env.ctx, (() => gateway) as never, row as never)).toBe(false);
    } finally {
      setProcessLog(createLogger('silent'));
      spy.mockRestore();
    }
    expect(raw).toEqual([]);
    const line = lines.find((l) => l.includes('LP20261130000001'));
    expect(line, lines.join('\n')).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 40, orderNo: 'LP20261130000001', err: { type: 'Error' } });
    expect(line).not.toContain('SIGNATURE-SECRET');
    expect(line).not.toContain('13912345678');
    expect(line).toContain('app_id=2021');
  });
});
