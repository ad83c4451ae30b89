/**
 * /recharge against real payment gateways' local fakes: a server of its own with Alipay and WeChat
 * Pay configured (their fakes on loopback, keys generated here). The QR flow paid by a signed
 * notification sent from the test, the resume of a pending order, the change of pay type and the
 * cancel (both closing the trade at the gateway), and Alipay's phone cashier by redirect.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../server/test/support/processes.mjs';
import { FakeAlipay } from '../../server/test/support/fakes/alipay';
import { FakeWechatPay } from '../../server/test/support/fakes/wechatpay';
import { DEMO, login, openPage, useBrowser, type OpenedPage } from './harness';

const PUBLIC_BASE_URL = 'https://shop.example.test';
const browser = useBrowser();
let alipay: FakeAlipay;
let wechat: FakeWechatPay;
let server: ApiServer;
let dataDir: string;
let opened: OpenedPage;
let page: Page;

beforeAll(async () => {
  alipay = await new FakeAlipay().start();
  wechat = await new FakeWechatPay().start();
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-pay-'));
  server = await startApiServer({
    built: true,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_BASE_URL, ...alipay.env, ...wechat.env },
    timeoutMs: 90_000,
    what: 'API server with payment gateways',
  });
  opened = await openPage(browser(), '/login', { baseURL: server.baseURL });
  page = opened.page;
  await login(page, DEMO.phone, DEMO.password);
});
afterAll(async () => {
  await opened?.context.close();
  await server?.stop();
  await alipay?.stop();
  await wechat?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const digits = (s: string) => Number(s.replace(/[^\d]/g, ''));
const yuan = (fen: number) => (fen / 100).toFixed(2);

/** Alipay's asynchronous notification for a paid trade, posted to the server as Alipay does. */
async function notifyAlipayPaid(orderNo: string) {
  const trade = alipay.pay(orderNo);
  const response = await fetch(`${server.baseURL}/api/pay/notify/alipay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams(alipay.notification({ out_trade_no: orderNo, total_amount: trade.totalAmount })).toString(),
  });
  expect(await response.text()).toBe('success');
}

async function buy(p: Page, packageIndex: number, method: string) {
  await p.goto('/recharge/integral');
  const packages = p.locator('[data-testid^="package-"]');
  await packages.nth(packageIndex).click();
  await p.getByTestId('pay-methods').getByText(method, { exact: true }).click();
  await p.getByTestId('checkout-pay').click();
}

describe('paying through the gateways', () => {
  it('offers the configured gateways; Alipay: the QR code with amount and time left, paid by the signed notification', async () => {
    await page.goto('/recharge/integral');
    const methods = page.getByTestId('pay-methods');
    await methods.getByText('支付宝', { exact: true }).waitFor();
    expect((await methods.innerText()).replace(/\s+/g, ' ')).toBe('支付宝 微信支付 支付宝转账 微信转账 银行卡转账 联系客服');
    const before = digits(await page.getByTestId('recharge-balance').innerText());
    const credited = digits(await page.locator('.recharge-package-points').first().innerText());
    await buy(page, 0, '支付宝');
    const block = page.getByTestId('online-pay');
    await block.waitFor();
    const orderNo = await page.getByTestId('order-no').innerText();
    const trade = alipay.trades.get(orderNo)!;
    expect(await block.getAttribute('data-pay-code')).toMatch(/^https:\/\/qr\.alipay\.com\/fake/);
    await block.locator('canvas').waitFor(); // the QR code's drawing code loads when the code is shown
    const text = await block.innerText();
    expect(text).toContain('请使用支付宝扫码付款');
    expect(text).toContain(`¥${trade.totalAmount}`);
    expect(text).toMatch(/剩余支付时间\s*(30:00|29:[0-5]\d)/);
    await notifyAlipayPaid(orderNo);
    await page.getByTestId('pay-success').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('pay-success').innerText()).toBe(
      `支付成功，已到账 ${credited.toLocaleString('zh-CN')} 积分，当前余额 ${(before + credited).toLocaleString('zh-CN')} 积分`,
    );
    expect(opened.errors).toEqual([]);
  });

  it('buying the same package the same way again resumes the pending order (same number, same QR code)', async () => {
    await buy(page, 1, '支付宝');
    await page.getByTestId('online-pay').waitFor();
    const orderNo = await page.getByTestId('order-no').innerText();
    const code = await page.getByTestId('online-pay').getAttribute('data-pay-code');
    await buy(page, 1, '支付宝');
    await page.getByTestId('online-pay').waitFor();
    expect(await page.getByTestId('order-no').innerText()).toBe(orderNo);
    expect(await page.getByTestId('online-pay').getAttribute('data-pay-code')).toBe(code);
    expect(alipay.callsOf('alipay.trade.precreate').filter((c) => c.biz.out_trade_no === orderNo)).toHaveLength(1);
  });

  it('更换支付方式 closes the Alipay trade and goes back to the choice; WeChat Pay shows its QR; 取消订单 closes that too', async () => {
    const alipayOrder = await page.getByTestId('order-no').innerText();
    await page.getByTestId('order-change-method').click();
    await page.getByTestId('checkout-pay').waitFor();
    expect(alipay.trades.get(alipayOrder)!.status).toBe('TRADE_CLOSED');
    await page.getByTestId('pay-methods').getByText('微信支付', { exact: true }).click();
    await page.getByTestId('checkout-pay').click();
    const block = page.getByTestId('online-pay');
    await block.waitFor();
    expect(await block.getAttribute('data-pay-code')).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(await block.innerText()).toContain('请使用微信扫码付款');
    const wechatOrder = await page.getByTestId('order-no').innerText();
    expect(wechatOrder).not.toBe(alipayOrder);
    await page.getByTestId('order-cancel').click();
    expect(await page.getByTestId('pay-expired').innerText()).toBe('订单已取消，请重新下单');
    expect(wechat.transactions.get(wechatOrder)!.trade_state).toBe('CLOSED');
    expect(opened.errors).toEqual([]);
  });

  it('on a phone, Alipay redirects to its cashier page; the notification pays the order', async () => {
    const phone = await openPage(browser(), '/login', {
      baseURL: server.baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    try {
      await login(phone.page, DEMO.phone, DEMO.password);
      await buy(phone.page, 2, '支付宝');
      await phone.page.waitForURL((url) => url.href.startsWith(alipay.gateway));
      await phone.page.getByTestId('fake-cashier').waitFor();
      const visit = alipay.callsOf('alipay.trade.wap.pay').at(-1)!;
      expect(visit.params.return_url).toBe(`${PUBLIC_BASE_URL}/recharge/record`);
      const orderNo = String(visit.biz.out_trade_no);
      expect(await phone.page.getByTestId('fake-cashier').innerText()).toBe(`¥${yuan(Number(visit.biz.total_amount) * 100)}`);
      await notifyAlipayPaid(orderNo);
      await phone.page.goto('/recharge/record'); // where Alipay returns the payer (on the real origin)
      const row = phone.page.getByRole('listitem').filter({ hasText: orderNo }); // a card on the phone, not a table row
      expect(await row.innerText()).toContain('已支付');
    } finally {
      await phone.context.close();
    }
  });
});
