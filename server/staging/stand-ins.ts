/**
 * The vendor stand-ins of staging: the very fakes the tests use (server/test/support/fakes: the
 * Aliyun SMS API, the Alipay open platform gateway, the WeChat Pay API v3), started as servers
 * with keys made for the run, and a page playing the customer's phone: the SMS codes the SMS
 * stand-in accepted, and each trade waiting for payment with a 付款 button that pays it at the
 * stand-in and posts the vendor's signed notification to the API, as the real gateway would.
 *
 * Test code on purpose: nothing here is in the API's bundle (esbuild follows src/main.ts and
 * src/ops/cli.ts only) nor in its image (.dockerignore leaves server/test and server/staging out).
 * It runs from a checkout with the dev dependencies (tsx), beside a production build or image.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeAlipay } from '../test/support/fakes/alipay.ts';
import { startAliyunSmsFake, type AliyunSmsFake } from '../test/support/fakes/aliyun-sms.ts';
import { aliyunSmsEnv } from '../test/support/fakes/sms-settings.ts';
import { FakeWechatPay } from '../test/support/fakes/wechatpay.ts';

export interface StandInsOptions {
  /** Address the stand-ins listen on and the API reaches them at (default 127.0.0.1; a private address for API hosts elsewhere). */
  host?: string;
  /** PUBLIC_BASE_URL of the API (the notification addresses start with it). */
  publicBaseUrl: string;
  /**
   * Where notifications are delivered instead of PUBLIC_BASE_URL's origin, e.g. the API's own
   * http://127.0.0.1:8080 when the public origin is an https name this host cannot open.
   */
  notifyOrigin?: string;
  /** Each SMS the SMS stand-in accepted, and each notification delivered (the runner prints them). */
  onEvent?: (line: string) => void;
}

export interface StandIns {
  /** The API settings that point it at the stand-ins (SMS_PROVIDER, ALIYUN_*, ALIPAY_*, WECHATPAY_*). */
  env: Record<string, string>;
  /** The customer's phone: SMS codes and trades to pay (HTML; /state.json for scripts). */
  pageUrl: string;
  sms: AliyunSmsFake;
  alipay: FakeAlipay;
  wechat: FakeWechatPay;
  /** Pays a trade at its stand-in and delivers the signed notification; the API's answer. */
  pay(gateway: 'alipay' | 'wechat', orderNo: string): Promise<{ status: number; body: string }>;
  stop(): Promise<void>;
}

const escapeHtml = (text: unknown) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * .env text (compose's env_file, systemd's EnvironmentFile, `npm run staging -- ops`): one
 * `NAME=value` per line, unquoted, PEM keys on one line with their line breaks written `\n`
 * (the API reads them back, docs/deploy.md "Taking a real payment").
 */
export const envFileText = (env: Record<string, string>) =>
  `${Object.entries(env)
    .map(([name, value]) => `${name}=${value.trim().replace(/\r?\n/g, '\\n')}`)
    .join('\n')}\n`;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startStandIns(options: StandInsOptions): Promise<StandIns> {
  const host = options.host ?? '127.0.0.1';
  const sms = await startAliyunSmsFake(undefined, { host });
  const alipay = await new FakeAlipay().start({ host });
  const wechat = await new FakeWechatPay().start({ host });
  // The real WeChat Pay takes https notification addresses only; a rehearsal on plain http needs this one exception.
  wechat.acceptHttpNotifyUrl = options.publicBaseUrl.startsWith('http://');
  const event = options.onEvent ?? (() => {});

  const deliveryUrl = (notifyUrl: string) => {
    if (!options.notifyOrigin) return notifyUrl;
    const url = new URL(notifyUrl);
    return new URL(url.pathname + url.search, options.notifyOrigin).toString();
  };

  async function pay(gateway: 'alipay' | 'wechat', orderNo: string) {
    let response: Response;
    if (gateway === 'alipay') {
      const trade = alipay.pay(orderNo);
      const form = alipay.notification({ out_trade_no: orderNo, total_amount: trade.totalAmount });
      response = await fetch(deliveryUrl(trade.notifyUrl ?? `${options.publicBaseUrl}/api/pay/notify/alipay`), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(form).toString(),
      });
    } else {
      const transaction = wechat.pay(orderNo);
      const { body, headers } = wechat.notification({ out_trade_no: orderNo });
      response = await fetch(deliveryUrl(transaction.notify_url), { method: 'POST', headers, body });
    }
    const answer = { status: response.status, body: await response.text() };
    event(`[stand-in ${gateway}] order ${orderNo} paid; the API answered the notification ${answer.status} ${answer.body}`);
    return answer;
  }

  const pending = () => [
    ...[...alipay.trades.values()].map((t) => ({
      gateway: 'alipay' as const,
      orderNo: t.outTradeNo,
      yuan: t.totalAmount,
      subject: t.subject,
      status: t.status,
    })),
    ...[...wechat.transactions.values()].map((t) => ({
      gateway: 'wechat' as const,
      orderNo: t.out_trade_no,
      yuan: (t.amount.total / 100).toFixed(2),
      subject: t.description,
      status: t.trade_state,
    })),
  ];
  const state = () => ({ sms: sms.sent, trades: pending() });

  const page = (notice = '') => `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta http-equiv="refresh" content="5"><title>预演：模拟的短信与支付</title>
<style>body{font:15px system-ui,sans-serif;margin:16px;max-width:760px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px;text-align:left}h1{font-size:20px}.notice{background:#f9f0ff;padding:8px}</style>
<h1>预演（STAGING）：厂商模拟服务</h1><p>这里代替顾客的手机：收到的短信验证码，和待付款的订单（点「付款」即模拟顾客付款，并像真实网关一样把签名的通知发给 API）。</p>
${notice ? `<p class="notice">${escapeHtml(notice)}</p>` : ''}
<h2>短信</h2><table><tr><th>手机号</th><th>验证码</th><th>模板</th></tr>
${[...sms.sent]
  .reverse()
  .map((m) => `<tr><td>${escapeHtml(m.phone)}</td><td><b>${escapeHtml(m.code)}</b></td><td>${escapeHtml(m.templateCode)}</td></tr>`)
  .join('')}</table>
<h2>订单</h2><table><tr><th>渠道</th><th>订单号</th><th>金额</th><th>商品</th><th>状态</th><th></th></tr>
${pending()
  .reverse()
  .map(
    (t) =>
      `<tr><td>${t.gateway === 'alipay' ? '支付宝' : '微信支付'}</td><td>${escapeHtml(t.orderNo)}</td><td>¥${escapeHtml(t.yuan)}</td><td>${escapeHtml(t.subject)}</td><td>${escapeHtml(t.status)}</td><td>${
        t.status === 'WAIT_BUYER_PAY' || t.status === 'NOTPAY'
          ? `<form method="post" action="/pay"><input type="hidden" name="gateway" value="${t.gateway}"><input type="hidden" name="orderNo" value="${escapeHtml(t.orderNo)}"><button>付款</button></form>`
          : ''
      }</td></tr>`,
  )
  .join('')}</table>`;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-ins');
    const send = (status: number, type: string, body: string) => res.writeHead(status, { 'content-type': type }).end(body);
    (async () => {
      if (req.method === 'GET' && url.pathname === '/') return send(200, 'text/html; charset=utf-8', page());
      if (req.method === 'GET' && url.pathname === '/state.json') return send(200, 'application/json', JSON.stringify(state()));
      if (req.method === 'POST' && url.pathname === '/pay') {
        const form = await readForm(req);
        const gateway = form.get('gateway') === 'wechat' ? 'wechat' : 'alipay';
        const answer = await pay(gateway, form.get('orderNo') ?? '');
        return send(
          200,
          'text/html; charset=utf-8',
          page(`订单 ${form.get('orderNo')} 已付款；API 对通知的回答：${answer.status} ${answer.body}`),
        );
      }
      return send(404, 'text/plain', 'not found');
    })().catch((err: Error) => send(400, 'text/plain; charset=utf-8', err.message));
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, host, resolve));
  const pageUrl = `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}/`;

  // The SMS stand-in keeps what it accepted; say each one as it comes (the code is what the rehearsal needs).
  let told = 0;
  const smsTimer = setInterval(() => {
    for (; told < sms.sent.length; told++) {
      const m = sms.sent[told]!;
      event(`[stand-in SMS] to ${m.phone}: 验证码 ${m.code} (template ${m.templateCode})`);
    }
  }, 300);
  smsTimer.unref();

  return {
    env: { ...aliyunSmsEnv(sms), ...alipay.env, ...wechat.env },
    pageUrl,
    sms,
    alipay,
    wechat,
    pay,
    async stop() {
      clearInterval(smsTimer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([sms.close(), alipay.stop(), wechat.stop()]);
    },
  };
}
