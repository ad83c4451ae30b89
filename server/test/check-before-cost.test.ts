/**
 * Check before cost: a password hash (scrypt, 16 MiB, tens of milliseconds of a thread-pool
 * thread) is spent only after every cheap check passed. A wrong, expired or missing SMS code on
 * registration or a password reset, a phone already registered, an address over its limit, a locked
 * phone: none of them costs a hash. Counted by wrapping the crypto module's two scrypt functions.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestEnv, createTestUser, nextPhone, smsCodeFor, call, type TestEnv } from './support/support.ts';

const scrypt = vi.hoisted(() => ({ hashes: 0, verifies: 0 }));
vi.mock('../src/lib/crypto.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/lib/crypto.ts')>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      scrypt.hashes++;
      return real.hashPassword(password);
    },
    verifyPassword: async (password: string, stored: string) => {
      scrypt.verifies++;
      return real.verifyPassword(password, stored);
    },
  };
});

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ config: { smsIpLimit: 100_000, loginIpLimit: 3 } });
});
afterAll(() => env?.close());

/** How many scrypt runs `work` caused. */
async function costOf(work: () => Promise<unknown>): Promise<number> {
  const before = scrypt.hashes + scrypt.verifies;
  await work();
  return scrypt.hashes + scrypt.verifies - before;
}

const body = (phone: string, verifyCode: string) => ({ phone, password: 'abc12345', verifyCode });

describe('registration', () => {
  it('a wrong code costs no hash (and counts its attempt); the right one costs one', async () => {
    const phone = nextPhone();
    const code = await smsCodeFor(env, phone, 1);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) {
      let answer: Awaited<ReturnType<typeof call>> | undefined;
      expect(await costOf(async () => (answer = await call(env, 'POST', '/api/user/reg', { body: body(phone, wrong) })))).toBe(0);
      expect(answer!.status).toBe(400);
      expect(answer!.body.message).toBe(`验证码错误，还可尝试 ${4 - i} 次`);
    }
    let done: Awaited<ReturnType<typeof call>> | undefined;
    expect(await costOf(async () => (done = await call(env, 'POST', '/api/user/reg', { body: body(phone, code) })))).toBe(1);
    expect(done!.status).toBe(200);
  });

  it('no code sent, or a phone already registered: no hash', async () => {
    expect(await costOf(() => call(env, 'POST', '/api/user/reg', { body: body(nextPhone(), '123456') }))).toBe(0);
    const user = await createTestUser(env);
    expect(await costOf(() => call(env, 'POST', '/api/user/reg', { body: body(user.phone, '123456') }))).toBe(0);
  });
});

describe('password reset', () => {
  it('a loop of wrong-code resets costs no hash; the right code costs one', async () => {
    const user = await createTestUser(env);
    const code = await smsCodeFor(env, user.phone, 3);
    const wrong = code === '000000' ? '111111' : '000000';
    const cost = await costOf(async () => {
      for (let i = 0; i < 4; i++)
        expect((await call(env, 'POST', '/api/user/reset-pwd', { body: body(user.phone, wrong) })).status).toBe(400);
    });
    expect(cost).toBe(0);
    expect(await costOf(() => call(env, 'POST', '/api/user/reset-pwd', { body: body(user.phone, code) }))).toBe(1);
  });
});

describe('sign-in', () => {
  it('an address over its limit costs no password check, not even for the right password', async () => {
    const user = await createTestUser(env);
    for (let i = 0; i < 3; i++) await call(env, 'POST', '/api/user/pwd-login', { body: { phone: nextPhone(), password: 'x' } });
    let refused: Awaited<ReturnType<typeof call>> | undefined;
    const cost = await costOf(
      async () => (refused = await call(env, 'POST', '/api/user/pwd-login', { body: { phone: user.phone, password: user.password } })),
    );
    expect(refused!.status).toBe(429);
    expect(cost).toBe(0);
  });
});
