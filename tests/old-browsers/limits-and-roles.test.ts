/**
 * #34's limits and role matrix acted in Chromium 80 (the floor) at 390 px, against a server of its
 * own (low limits: 3 sign-ins per phone, 1 data copy per hour) whose Alipay points at the local
 * fake: a seller past the sign-in limit sees the server's Chinese 429 with the wait; a second data
 * copy shows the server's message; an operator finds no action on an admin's account or order (the
 * server's refusal, asked anyway, is audited) and still confirms an ordinary user's; an admin sees
 * a late payment for a deleted account in 待退款 with 标记已退款.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAlipay } from '../../server/test/support/fakes/alipay';
import { DEMO } from '../../tools/signed-in.mjs';
import { PAY_TYPES } from '../../common/domain';
import { launchOldChromium, type OldBrowser } from './engines';
import {
  answerOf,
  callApi,
  fitsTheWindow,
  go,
  newSeller,
  ownServer,
  phonePage,
  signIn,
  submitSignIn,
  toastMatching,
  type OwnServer,
  type Page,
} from './acting';

let alipay: FakeAlipay;
let server: OwnServer;
let browser: OldBrowser;
let adminToken: string;
const base = () => server.baseURL;
let seq = 0;
/** A phone number of its own for each account this file makes. */
const freshPhone = () => `137${String(Date.now() % 1_000_000).padStart(6, '0')}${seq++ % 10}${seq % 10}`;

beforeAll(async () => {
  alipay = await new FakeAlipay().start();
  server = await ownServer({
    name: 'old-limits-roles',
    // The demo account (seeded in a fresh folder) made an admin, as the e2e suite does.
    prepare: (dataDir) => {
      const grant = spawnSync(process.execPath, ['dist/ops.js', 'admin:grant', DEMO.phone, 'admin'], {
        cwd: resolve(import.meta.dirname, '..', '..', 'server'),
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        stdio: 'inherit',
      });
      expect(grant.status).toBe(0);
    },
    env: {
      LOGIN_PHONE_LIMIT: '3',
      LOGIN_IP_LIMIT: '1000',
      DATA_EXPORT_LIMIT: '1',
      PUBLIC_BASE_URL: 'https://shop.example.test',
      ...alipay.env,
    },
    what: 'API server with Alipay at the fake',
  });
  adminToken = (await callApi<{ token: string }>(base(), '/api/user/pwd-login', DEMO)).token;
  browser = await launchOldChromium('chromium-80');
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await alipay?.stop();
});

/** A phone-sized page whose script errors are kept; closed by `run`'s end. */
async function onPhone(act: (page: Page) => Promise<void>) {
  const { page, errors } = await phonePage(browser);
  try {
    await act(page);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
}

const isCall = (path: string) => (response: { url(): string }) => new URL(response.url()).pathname === path;

/** A pending order of `payType` for the first points package, made by `token`'s account. */
async function pendingOrder(token: string, payType: number): Promise<string> {
  const goods = await callApi<Array<{ id: number }>>(base(), '/api/god/get?type=integral', undefined, token);
  return (await callApi<{ orderNo: string }>(base(), '/api/order/create', { goodsId: goods[0]!.id, payType }, token)).orderNo;
}

const tokenOf = async (account: { phone: string; password: string }) =>
  (await callApi<{ token: string }>(base(), '/api/user/pwd-login', account)).token;

describe('limits and roles in Chromium 80 at 390 px', () => {
  it('a seller past the sign-in limit sees the Chinese 429 with the wait', async () => {
    const seller = await newSeller(base(), freshPhone());
    await onPhone(async (page) => {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt++) {
        const answered = page.waitForResponse(isCall('/api/user/pwd-login'), { timeout: 30_000 });
        await submitSignIn(page, base(), seller.phone, 'wrong-password-1', { open: attempt === 1 });
        statuses.push((await answered).status());
      }
      expect(statuses.slice(0, 3).every((s) => s !== 200 && s !== 429)).toBe(true);
      expect(statuses[3]).toBe(429);
      const shown = await toastMatching(page, /登录尝试过于频繁/);
      // the window is 10 minutes: the wait is 1 to 10 of them
      expect(shown).toMatch(/^该手机号登录尝试过于频繁，请 ([1-9]|10) 分钟后再试$/);
      expect(await page.evaluate<string>('location.pathname')).toBe('/login');
      expect(await fitsTheWindow(page)).toBe(true);
    });
  });

  it("a second data copy within the hour shows the server's message", async () => {
    const seller = await newSeller(base(), freshPhone());
    await onPhone(async (page) => {
      await signIn(page, base(), seller.phone, seller.password);
      await go(page, `${base()}/user/center`);
      await page.waitForSelector('[data-testid="download-my-data"]', { timeout: 30_000 });
      // the copies the page saves (a blob link), counted as the page makes them
      await page.evaluate<void>(
        'window.copies = 0; const make = URL.createObjectURL; URL.createObjectURL = function (blob) { window.copies++; return make.call(URL, blob); }',
      );
      const button = `document.querySelector('[data-testid="download-my-data"]')`;
      await page.click('[data-testid="download-my-data"]');
      await page.waitForFunction(`window.copies === 1 && !${button}.disabled`, { timeout: 30_000 });
      await page.click('[data-testid="download-my-data"]');
      const shown = await toastMatching(page, /下载/);
      expect(shown).toMatch(/^下载数据过于频繁，请 ([1-9]|[1-5]\d|60) 分钟后再试$/);
      expect(await page.evaluate<number>('window.copies')).toBe(1);
      expect(await fitsTheWindow(page)).toBe(true);
    });
  });

  it("an operator is offered no action on an admin's account or order; asked anyway, the refusal is audited", async () => {
    const operator = await newSeller(base(), freshPhone());
    await callApi(base(), `/api/admin/users/${operator.phone}/role`, { role: 'operator' }, adminToken);
    const customer = await newSeller(base(), freshPhone());
    // a transfer (or contact-staff) order of the admin's and one of an ordinary user's, both pending
    const offered = await callApi<Array<{ payType: number }>>(base(), '/api/pay/types', undefined, adminToken);
    const byStaff = offered.map((o) => o.payType).find((t) => t !== PAY_TYPES.ALI_PAY && t !== PAY_TYPES.WX_PAY) ?? PAY_TYPES.CONTACT_STAFF;
    const adminsOrder = await pendingOrder(adminToken, byStaff);
    const customersOrder = await pendingOrder(await tokenOf(customer), byStaff);

    await onPhone(async (page) => {
      await signIn(page, base(), operator.phone, operator.password);
      await go(page, `${base()}/admin/users/${DEMO.phone}`);
      await page.waitForFunction(`document.body.innerText.includes('运营人员只能操作普通用户')`, { timeout: 30_000 });
      const buttons = await page.evaluate<string[]>(
        "[...document.querySelectorAll('button')].filter((b) => b.offsetParent !== null).map((b) => b.textContent.replace(/\\s/g, ''))",
      );
      for (const action of ['调整积分', '设置会员', '停用账号', '注销账号', '强制下线'])
        expect(buttons.some((b) => b.includes(action))).toBe(false);

      await go(page, `${base()}/admin/orders`);
      const row = (orderNo: string) => `document.querySelector('tr[data-row-key="${orderNo}"]')`;
      await page.waitForFunction(`Boolean(${row(adminsOrder)}) && Boolean(${row(customersOrder)})`, { timeout: 30_000 });
      const actionsIn = (orderNo: string) =>
        page.evaluate<string[]>(`[...${row(orderNo)}.querySelectorAll('button')].map((b) => b.textContent.replace(/\\s/g, ''))`);
      expect(await actionsIn(customersOrder)).toEqual(['确认收款', '取消订单']);
      expect(await actionsIn(adminsOrder)).toEqual([]);
    });

    // The server refuses it all the same, and the refusal is in the audit log.
    const operatorToken = await tokenOf(operator);
    const refused = await answerOf(base(), `/api/admin/orders/${adminsOrder}/confirm`, { remark: '试试' }, operatorToken);
    expect(refused.status).toBe(403);
    const audit = await callApi<{ list: Array<{ actor: string; target: string; action: string }> }>(
      base(),
      `/api/admin/audit?action=console.refused&page=1&pageSize=20`,
      undefined,
      adminToken,
    );
    expect(audit.list.some((e) => e.target === `order:${adminsOrder}`)).toBe(true);
  });

  it('an admin sees a late payment for a deleted account in 待退款, with 标记已退款', async () => {
    // A seller's Alipay order; the gateway is down when the account is deleted, so the QR code stays payable.
    const seller = await newSeller(base(), freshPhone());
    const token = await tokenOf(seller);
    const orderNo = await pendingOrder(token, PAY_TYPES.ALI_PAY);
    alipay.failWith = 502;
    try {
      // deleted from the console (a deletion code for the same phone would wait out the SMS interval)
      await callApi(base(), `/api/admin/users/${seller.phone}/delete`, { remark: '来电注销' }, adminToken);
    } finally {
      alipay.failWith = null;
    }
    const trade = alipay.pay(orderNo);
    const notified = await fetch(`${base()}/api/pay/notify/alipay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(alipay.notification({ out_trade_no: orderNo, total_amount: trade.totalAmount })).toString(),
    });
    expect(await notified.text()).toBe('success');

    await onPhone(async (page) => {
      await signIn(page, base(), DEMO.phone, DEMO.password);
      await go(page, `${base()}/admin/reconciliation`);
      const row = `document.querySelector('tr[data-row-key="${orderNo}"]')`;
      await page.waitForFunction(`Boolean(${row})`, { timeout: 30_000 });
      expect(await page.evaluate<string>('document.body.innerText')).toContain('待退款：已注销账号的到账');
      const cells = await page.evaluate<string[]>(`[...${row}.querySelectorAll('td')].map((td) => td.textContent.trim())`);
      expect(cells[0]).toBe(orderNo);
      expect(cells[4]).toBe(trade.tradeNo);
      expect(cells.at(-1)!.replace(/\s/g, '')).toBe('标记已退款');
    });
  });
});
