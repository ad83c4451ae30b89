/**
 * A local stand-in for the Alipay open platform gateway (gateway.do) on 127.0.0.1, for tests only.
 * It checks what the real gateway checks of a request (app id, RSA2 signature with the app's
 * public key, method and biz_content fields), keeps trades in memory, answers JSON signed over the
 * response node with its own private key like the vendor, and builds the vendor's signed
 * asynchronous notification. Keys are generated per instance.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { alipayBillZip, alipayTradeNo, billDay, type BilledTrade } from './bills.ts';

export interface FakeTrade {
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  tradeNo: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  notifyUrl?: string;
  /** When the payer paid: the day whose bill lists it. */
  paidAt?: Date;
  /** What the bill says was paid, when it is not totalAmount (a test of a difference). */
  billedAmount?: string;
}

export interface FakeCall {
  method: string;
  biz: Record<string, unknown>;
  params: Record<string, string>;
}

const pem = (k: { export(o: object): string | Buffer }, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();

/** The signed-content string of Alipay: every non-empty param except the excluded ones, sorted, `k=v` joined by `&`. */
export function signContent(params: Record<string, string>, exclude: string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

const rsa2 = (text: string, privateKey: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export class FakeAlipay {
  readonly appId = `20210${randomBytes(5).toString('hex').replace(/\D/g, '7').slice(0, 11)}`;
  /** The merchant's application key pair (the app signs with the private key). */
  readonly app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  /** Alipay's own key pair (answers and notifications are signed with it). */
  readonly platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly trades = new Map<string, FakeTrade>();
  readonly calls: FakeCall[] = [];
  /** Requests refused for their signature or app id (should stay empty). */
  readonly refused: string[] = [];
  private readonly billToken = randomBytes(8).toString('hex');
  /** Refunds made at the gateway (its console, or alipay.trade.refund): listed in the bill of their day. */
  readonly refunds: Array<{ outTradeNo: string; refundNo: string; amount: string; at: Date }> = [];
  /** Bill days not published yet: asked for, the gateway says there is no bill (isp.bill_not_exist). */
  readonly unpublished = new Set<string>();
  /** When set, every request answers this HTTP status (the gateway is down). */
  failWith: number | null = null;
  /** When set, every request is read and never answered (the gateway hangs). */
  hang = false;
  /** When set, every signed call is answered with this business refusal (code 40004, e.g. ACQ.SYSTEM_ERROR). */
  refuseWith: { subCode: string; subMsg: string } | null = null;
  private server!: Server;
  gateway = '';

  get env(): Record<string, string> {
    return {
      ALIPAY_APP_ID: this.appId,
      ALIPAY_PRIVATE_KEY: pem(this.app.privateKey, 'pkcs8'),
      ALIPAY_PUBLIC_KEY: pem(this.platform.publicKey, 'spki'),
      ALIPAY_GATEWAY: this.gateway,
    };
  }

  /** Listens on 127.0.0.1 and a free port unless told otherwise (the staging stand-ins, server/staging/). */
  async start({ host = '127.0.0.1', port = 0 }: { host?: string; port?: number } = {}): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req)
        .then(([status, body, type]) => res.writeHead(status, { 'content-type': type }).end(body))
        .catch((err) => res.writeHead(500).end(String(err)));
    });
    await new Promise<void>((resolve, reject) => this.server.once('error', reject).listen(port, host, resolve));
    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${(this.server.address() as AddressInfo).port}`;
    this.gateway = `${origin}/gateway.do`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  callsOf(method: string): FakeCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** Checks a signed request's parameters the way the gateway does; the refusal reason, or null. */
  verifyRequest(params: Record<string, string>): string | null {
    if (params.app_id !== this.appId) return `unknown app_id ${params.app_id}`;
    if (params.sign_type !== 'RSA2' || params.charset !== 'utf-8' || params.version !== '1.0' || !params.timestamp)
      return 'missing common parameters';
    const ok = createVerify('RSA-SHA256')
      .update(signContent(params, ['sign']), 'utf8')
      .verify(pem(this.app.publicKey, 'spki'), params.sign ?? '', 'base64');
    return ok ? null : 'isv.invalid-signature';
  }

  /** A phone-cashier link (alipay.trade.wap.pay) as the payer's browser would open it: its verified parameters. */
  openPayUrl(payUrl: string): { params: Record<string, string>; biz: Record<string, unknown>; refused: string | null } {
    const url = new URL(payUrl);
    const params = Object.fromEntries(url.searchParams);
    return { params, biz: JSON.parse(params.biz_content ?? '{}'), refused: this.verifyRequest(params) };
  }

  private answer(method: string, node: Record<string, unknown>): [number, string, string] {
    const key = `${method.replaceAll('.', '_')}_response`;
    const nodeText = JSON.stringify(node);
    // The vendor signs the exact text of the response node.
    return [
      200,
      `{"${key}":${nodeText},"sign":"${rsa2(nodeText, pem(this.platform.privateKey, 'pkcs8'))}"}`,
      'application/json;charset=utf-8',
    ];
  }

  /** The trades paid, and the refunds made, on a Beijing day, as its bill lists them (in time order). */
  billedTrades(day: string): BilledTrade[] {
    const paid: BilledTrade[] = [...this.trades.values()]
      .filter((t) => t.paidAt && billDay(t.paidAt) === day)
      .map((t) => ({
        kind: 'payment',
        tradeNo: t.tradeNo,
        orderNo: t.outTradeNo,
        amount: t.billedAmount ?? t.totalAmount,
        subject: t.subject,
        paidAt: t.paidAt!,
      }));
    const refunded: BilledTrade[] = this.refunds
      .filter((r) => billDay(r.at) === day)
      .map((r) => {
        const trade = this.trades.get(r.outTradeNo)!;
        return {
          kind: 'refund',
          tradeNo: trade.tradeNo,
          orderNo: r.outTradeNo,
          amount: r.amount,
          subject: trade.subject,
          paidAt: r.at,
          refundNo: r.refundNo,
        };
      });
    return [...paid, ...refunded].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
  }

  /** A refund of a paid trade made at the gateway (all of it unless `amount`, yuan text). */
  refund(outTradeNo: string, amount?: string, at = new Date()) {
    const trade = this.trades.get(outTradeNo);
    if (!trade?.paidAt) throw new Error(`no paid trade ${outTradeNo} at the fake`);
    const refund = { outTradeNo, refundNo: `re${randomBytes(6).toString('hex')}`, amount: amount ?? trade.totalAmount, at };
    this.refunds.push(refund);
    return refund;
  }

  private async handle(req: IncomingMessage): Promise<[number, string | Buffer, string]> {
    if (this.hang) return new Promise(() => {});
    if (this.failWith) return [this.failWith, 'unavailable', 'text/plain'];
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // The bill file the download URL points to (the vendor's is on its own host, signed, valid 30 s).
    const bill = /^\/bill\/(\d{4}-\d{2}-\d{2})\.zip$/.exec(url.pathname);
    if (bill && req.method === 'GET') {
      if (url.searchParams.get('token') !== this.billToken) return [403, 'expired', 'text/plain'];
      return [200, await alipayBillZip('2088102177649450', bill[1]!, this.billedTrades(bill[1]!)), 'application/oct-stream'];
    }
    if (url.pathname === '/gateway.do' && req.method === 'GET') return this.cashierPage(Object.fromEntries(url.searchParams));
    if (url.pathname !== '/gateway.do' || req.method !== 'POST') return [404, 'not found', 'text/plain'];
    const params: Record<string, string> = {
      ...Object.fromEntries(url.searchParams),
      ...Object.fromEntries(new URLSearchParams(await readBody(req))),
    };
    const method = params.method ?? '';
    const refused = this.verifyRequest(params);
    if (refused) {
      this.refused.push(refused);
      return this.answer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: refused });
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    this.calls.push({ method, biz, params });
    const fail = (sub_code: string, sub_msg: string) => this.answer(method, { code: '40004', msg: 'Business Failed', sub_code, sub_msg });
    if (this.refuseWith) return fail(this.refuseWith.subCode, this.refuseWith.subMsg);
    const trade = this.trades.get(biz.out_trade_no ?? '');
    switch (method) {
      case 'alipay.trade.precreate': {
        if (!biz.out_trade_no || !/^\d+\.\d{2}$/.test(biz.total_amount ?? '') || !biz.subject)
          return fail('ACQ.INVALID_PARAMETER', '参数有误');
        if (trade && trade.status !== 'WAIT_BUYER_PAY') return fail('ACQ.TRADE_HAS_CLOSE', '交易已关闭');
        const created = trade ?? {
          outTradeNo: biz.out_trade_no,
          totalAmount: biz.total_amount,
          subject: biz.subject,
          tradeNo: alipayTradeNo(),
          status: 'WAIT_BUYER_PAY' as const,
          notifyUrl: params.notify_url,
        };
        this.trades.set(created.outTradeNo, created);
        return this.answer(method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: created.outTradeNo,
          qr_code: `https://qr.alipay.com/fake${created.tradeNo}`,
        });
      }
      case 'alipay.trade.query':
        if (!trade) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        return this.answer(method, {
          code: '10000',
          msg: 'Success',
          trade_no: trade.tradeNo,
          out_trade_no: trade.outTradeNo,
          trade_status: trade.status,
          total_amount: trade.totalAmount,
        });
      case 'alipay.data.dataservice.bill.downloadurl.query': {
        const day = (biz as Record<string, string>).bill_date ?? '';
        if (biz.bill_type !== 'trade' || !/^\d{4}-\d{2}-\d{2}$/.test(day) || this.unpublished.has(day))
          return fail('isp.bill_not_exist', '账单不存在');
        const origin = new URL(this.gateway).origin;
        return this.answer(method, {
          code: '10000',
          msg: 'Success',
          bill_download_url: `${origin}/bill/${day}.zip?token=${this.billToken}`,
        });
      }
      case 'alipay.trade.close':
        if (!trade) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (trade.status === 'TRADE_SUCCESS') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        trade.status = 'TRADE_CLOSED';
        return this.answer(method, { code: '10000', msg: 'Success', trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
      default:
        return fail('isv.invalid-method', `不存在的方法名 ${method}`);
    }
  }

  /** The phone cashier a browser is redirected to (alipay.trade.wap.pay): the trade is created when the payer opens it. */
  private cashierPage(params: Record<string, string>): [number, string, string] {
    const refused = this.verifyRequest(params);
    if (refused || params.method !== 'alipay.trade.wap.pay') {
      this.refused.push(refused ?? `GET ${params.method}`);
      return [400, `<!doctype html><title>错误</title><p>${refused ?? 'invalid method'}</p>`, 'text/html;charset=utf-8'];
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    this.calls.push({ method: params.method, biz, params });
    if (!this.trades.has(biz.out_trade_no!)) {
      this.trades.set(biz.out_trade_no!, {
        outTradeNo: biz.out_trade_no!,
        totalAmount: biz.total_amount!,
        subject: biz.subject!,
        tradeNo: alipayTradeNo(),
        status: 'WAIT_BUYER_PAY',
        notifyUrl: params.notify_url,
      });
    }
    return [
      200,
      `<!doctype html><meta charset="utf-8"><title>支付宝收银台（测试）</title><h1 data-testid="fake-cashier">¥${biz.total_amount}</h1><p>${biz.out_trade_no}</p>`,
      'text/html;charset=utf-8',
    ];
  }

  /** The payer pays a trade (no notification is sent; see notification()). */
  pay(outTradeNo: string, at = new Date()): FakeTrade {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo} at the fake gateway`);
    trade.status = 'TRADE_SUCCESS';
    trade.paidAt = at;
    return trade;
  }

  /** The form Alipay posts to notify_url after a payment, signed with its key (or `signWith`). */
  notification(
    fields: { out_trade_no: string; total_amount: string; trade_status?: string; app_id?: string },
    signWith?: string,
  ): Record<string, string> {
    const form: Record<string, string> = {
      gmt_create: '2026-03-01 10:00:00',
      charset: 'utf-8',
      gmt_payment: '2026-03-01 10:00:05',
      notify_time: '2026-03-01 10:00:06',
      subject: '积分充值',
      buyer_id: '2088102177846880',
      invoice_amount: fields.total_amount,
      version: '1.0',
      notify_id: randomBytes(16).toString('hex'),
      fund_bill_list: '[{"amount":"' + fields.total_amount + '","fundChannel":"ALIPAYACCOUNT"}]',
      notify_type: 'trade_status_sync',
      trade_no: this.trades.get(fields.out_trade_no)?.tradeNo ?? alipayTradeNo(),
      receipt_amount: fields.total_amount,
      buyer_pay_amount: fields.total_amount,
      seller_id: '2088102177649450',
      trade_status: 'TRADE_SUCCESS',
      app_id: this.appId,
      ...fields,
      sign_type: 'RSA2',
    };
    form.sign = rsa2(signContent(form, ['sign', 'sign_type']), signWith ?? pem(this.platform.privateKey, 'pkcs8'));
    return form;
  }
}
