/**
 * Console sessions (accounts with a console role) are held short: CONSOLE_SESSION_MAX_HOURS (12)
 * after sign-in whatever their use, CONSOLE_SESSION_IDLE_MINUTES (30) unused; a password change
 * ends every one of them, the caller's own included; a role change ends them (admin.test.ts).
 * Other accounts keep the 7-day sliding session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, MINUTE } from '../src/lib/clock.ts';
import {
  call,
  createTestEnv,
  createTestUser,
  grantRole,
  loadServerConfig,
  smsCodeFor,
  type TestEnv,
  type TestUser,
} from './support/support.ts';

let env: TestEnv;
beforeAll(async () => {
  const { consoleSessionMaxHours, consoleSessionIdleMinutes } = loadServerConfig({}); // the documented defaults
  env = await createTestEnv({
    now: '2026-11-30T01:00:00Z',
    config: { consoleSessionMaxHours, consoleSessionIdleMinutes, smsIpLimit: 100_000 },
  });
});
afterAll(() => env?.close());

const signIn = async (user: TestUser): Promise<string> => {
  const answer = await call(env, 'POST', '/api/user/pwd-login', { body: { phone: user.phone, password: user.password } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.token as string;
};
const consoleStatus = async (token: string) => (await call(env, 'GET', '/api/admin/me', { token })).status;
const appStatus = async (token: string) => (await call(env, 'GET', '/api/user/user-data', { token })).status;

describe('console sessions', () => {
  it('end 12 hours after sign-in, however busy', async () => {
    const operator = await grantRole(env, await createTestUser(env), 'operator');
    const token = await signIn(operator);
    for (let minutes = 0; minutes < 12 * 60 - 10; minutes += 10) {
      expect(await consoleStatus(token), `after ${minutes} minutes`).toBe(200);
      env.clock.advance(10 * MINUTE);
    }
    env.clock.advance(10 * MINUTE);
    expect(await consoleStatus(token)).toBe(401);
    // Ended, not only refused: the app's pages refuse it too, and a new sign-in works.
    expect(await appStatus(token)).toBe(401);
    expect(await consoleStatus(await signIn(operator))).toBe(200);
  });

  it('end after 30 minutes unused; used within them, they go on', async () => {
    const admin = await grantRole(env, await createTestUser(env), 'admin');
    const token = await signIn(admin);
    env.clock.advance(29 * MINUTE);
    expect(await consoleStatus(token)).toBe(200);
    env.clock.advance(29 * MINUTE);
    expect(await appStatus(token)).toBe(200);
    env.clock.advance(31 * MINUTE);
    expect(await consoleStatus(token)).toBe(401);
  });

  it('an ordinary account keeps its 7-day sliding session', async () => {
    const user = await createTestUser(env);
    const token = await signIn(user);
    env.clock.advance(13 * HOUR);
    expect(await appStatus(token)).toBe(200);
    env.clock.advance(6 * 24 * HOUR);
    expect(await appStatus(token)).toBe(200);
  });

  it("a console account's password change ends all its sessions, the caller's own too; an ordinary user keeps theirs", async () => {
    const operator = await grantRole(env, await createTestUser(env), 'operator');
    const [mine, other] = [await signIn(operator), await signIn(operator)];
    const changed = await call(env, 'POST', '/api/user/reset-pwd', {
      token: mine,
      body: { phone: operator.phone, password: 'new12345', verifyCode: await smsCodeFor(env, operator.phone, 3) },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await consoleStatus(mine)).toBe(401);
    expect(await consoleStatus(other)).toBe(401);
    expect(await consoleStatus(await signIn({ ...operator, password: 'new12345' }))).toBe(200);

    const user = await createTestUser(env);
    const [own, second] = [await signIn(user), await signIn(user)];
    const reset = await call(env, 'POST', '/api/user/reset-pwd', {
      token: own,
      body: { phone: user.phone, password: 'new12345', verifyCode: await smsCodeFor(env, user.phone, 3) },
    });
    expect(reset.status).toBe(200);
    expect(await appStatus(own)).toBe(200);
    expect(await appStatus(second)).toBe(401);
  });
});
