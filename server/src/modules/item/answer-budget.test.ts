/**
 * The lookup answers before the app stops waiting (the seed's 30 s), whatever the short link and
 * the platform take together: a slow short link followed by a platform that never answers still
 * gets the link-only answer (lookup failed), so the seller can go on by hand. Fake timers drive the
 * short link's stand-in, the resolver's and the provider's timeouts; real I/O runs between steps.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as realSleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestEnv, createTestUser, type TestEnv, type TestUser } from '../../../test/support/support.ts';
import { newTaobaoAccount, startTaobaoFake, type TaobaoFake } from '../../../test/support/fakes/taobao-top.ts';
import { taobaoEnv } from '../../../test/support/fakes/item-settings.ts';

describe('the answer within the app’s 30 s', () => {
  let env: TestEnv;
  let user: TestUser;
  let taobao: TaobaoFake;
  let shortHost: Server;
  let dnsDelayMs = 0;

  beforeAll(async () => {
    taobao = await startTaobaoFake(newTaobaoAccount());
    // a stand-in for m.tb.cn that takes 4.5 s (fake time) to redirect to the item
    shortHost = createServer((_req, res) => {
      setTimeout(() => res.writeHead(302, { location: 'https://item.taobao.com/item.htm?id=612345678901' }).end(), 4_500);
    });
    await new Promise<void>((resolve) => shortHost.listen(0, '127.0.0.1', resolve));
    env = await createTestEnv({
      env: taobaoEnv(taobao),
      items: {
        shortLinks: {
          resolve: (hostname) =>
            new Promise((resolve) =>
              setTimeout(() => resolve([{ address: hostname === 'm.tb.cn' ? '127.0.0.1' : '0.0.0.0', family: 4 }]), dnsDelayMs),
            ),
          addressAllowed: (a) => a === '127.0.0.1',
          anyPort: true,
        },
      },
    });
    user = await createTestUser(env);
  });
  afterEach(() => {
    vi.useRealTimers();
    taobao.failureMode = 'none';
    dnsDelayMs = 0;
  });
  afterAll(async () => {
    await env?.close();
    await taobao?.close();
    shortHost?.closeAllConnections();
    shortHost?.close();
  });

  /** Fake time runs to `untilMs` in small steps, real I/O (loopback, the database) between them. */
  async function runUntil(untilMs: number, settled: () => boolean) {
    for (let at = 0; at < untilMs && !settled(); at += 100) {
      await vi.advanceTimersByTimeAsync(100);
      await realSleep(5);
    }
  }

  it('a 4.5 s short link and a platform that never answers: the link-only answer by 28 s', async () => {
    taobao.failureMode = 'no-answer';
    const port = (shortHost.address() as AddressInfo).port;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled = false;
    const answer = call(env, 'GET', '/api/item/get', {
      token: user.token,
      query: { url: `【淘宝】http://m.tb.cn:${port}/h.slow?tk=x 「分享里的标题」 点击链接直接打开` },
    }).finally(() => (settled = true));
    await runUntil(28_500, () => settled);
    expect(settled).toBe(true);
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ itemId: '612345678901', title: '分享里的标题', lookup: 'failed' });
  });

  it('DNS that does not answer counts against the short link’s 5 s', async () => {
    dnsDelayMs = 60_000;
    const port = (shortHost.address() as AddressInfo).port;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled = false;
    const answer = call(env, 'GET', '/api/item/get', {
      token: user.token,
      query: { url: `http://m.tb.cn:${port}/h.dns` },
    }).finally(() => (settled = true));
    await runUntil(6_000, () => settled);
    expect(settled).toBe(true);
    const res = await answer;
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: '无法识别的商品链接', data: { reason: 'timeout' } });
  });
});
