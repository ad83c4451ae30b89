/**
 * A local stand-in for the WeChat Pay API v3 on 127.0.0.1, for tests only. It checks each
 * request's WECHATPAY2-SHA256-RSA2048 Authorization (merchant id, certificate serial, RSA-SHA256
 * over method, path, timestamp, nonce and body with the merchant's public key) and the fields of
 * a Native order, answers with Wechatpay-* headers signed by the WeChat Pay key like the vendor,
 * and builds the vendor's signed notification with its resource encrypted by the API v3 key.
 */
import { createCipheriv, createHash, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { billDay, wechatPayBill, wechatTransactionId, type BilledTrade } from './bills.ts';

export interface FakeTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id: string;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REVOKED';
  description: string;
  notify_url: string;
  amount: { total: number; currency: string };
  /** When the payer paid: the day whose bill lists it. */
  paidAt?: Date;
  /** Fen the bill says were paid, when not amount.total (a test of a difference). */
  billedTotal?: number;
}

const pem = (k: { export(o: object): string | Buffer }, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();
const sha256rsa = (text: string, key: string) => createSign('RSA-SHA256').update(text).sign(key, 'base64');

export class FakeWechatPay {
  readonly mchId = '1900009191';
  readonly appId = 'wxd678efh567hg6787';
  readonly serialNo = randomBytes(20).toString('hex').toUpperCase();
  readonly publicKeyId = `PUB_KEY_ID_${randomBytes(16).toString('hex').toUpperCase()}`;
  readonly apiV3Key = randomBytes(16).toString('hex'); // 32 characters
  readonly merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly transactions = new Map<string, FakeTransaction>();
  readonly calls: Array<{ method: string; path: string; body: unknown }> = [];
  readonly refused: string[] = [];
  /** Bill files by download token, made when their tradebill is asked for. */
  private readonly bills = new Map<string, Buffer>();
  /** Refunds made at the gateway: listed (REFUND rows) in the bill of their day. */
  readonly refunds: Array<{ out_trade_no: string; out_refund_no: string; refund_id: string; amount: number; at: Date }> = [];
  /** Bill days not generated yet: GET /v3/bill/tradebill answers 400 STATEMENT_CREATING. */
  readonly unpublished = new Set<string>();
  /** The bill_date of every GET /v3/bill/tradebill, in order. */
  readonly billRequests: string[] = [];
  failWith: number | null = null;
  /** When set, every request is read and never answered (the gateway hangs). */
  hang = false;
  /** The vendor accepts https notify_urls only; the staging stand-in also plain http ones (a rehearsal on http://127.0.0.1). */
  acceptHttpNotifyUrl = false;
  baseUrl = '';
  private server!: Server;

  get env(): Record<string, string> {
    return {
      WECHATPAY_MCHID: this.mchId,
      WECHATPAY_APPID: this.appId,
      WECHATPAY_SERIAL_NO: this.serialNo,
      WECHATPAY_PRIVATE_KEY: pem(this.merchant.privateKey, 'pkcs8'),
      WECHATPAY_PLATFORM_PUBLIC_KEY: pem(this.platform.publicKey, 'spki'),
      WECHATPAY_PLATFORM_PUBLIC_KEY_ID: this.publicKeyId,
      WECHATPAY_API_V3_KEY: this.apiV3Key,
      WECHATPAY_BASE_URL: this.baseUrl,
    };
  }

  /** Listens on 127.0.0.1 and a free port unless told otherwise (the staging stand-ins, server/staging/). */
  async start({ host = '127.0.0.1', port = 0 }: { host?: string; port?: number } = {}): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err) => res.writeHead(500).end(String(err)));
    });
    await new Promise<void>((resolve, reject) => this.server.once('error', reject).listen(port, host, resolve));
    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${(this.server.address() as AddressInfo).port}`;
    this.baseUrl = `${origin}/`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  /** Wechatpay-* headers over `body`, signed with the WeChat Pay key (or `signWith`). */
  signedHeaders(body: string, signWith?: string, at = new Date()): Record<string, string> {
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Serial': this.publicKeyId,
      'Wechatpay-Signature': sha256rsa(`${timestamp}\n${nonce}\n${body}\n`, signWith ?? pem(this.platform.privateKey, 'pkcs8')),
    };
  }

  private send(res: ServerResponse, status: number, data?: unknown) {
    const body = data === undefined ? '' : JSON.stringify(data);
    res.writeHead(status, { 'content-type': 'application/json', ...this.signedHeaders(body) }).end(body);
  }

  /** The refusal reason of a request's Authorization, or null. */
  private checkAuthorization(req: IncomingMessage, body: string): string | null {
    const auth = req.headers.authorization ?? '';
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
    if (!m) return 'no WECHATPAY2-SHA256-RSA2048 authorization';
    const fields = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (fields.mchid !== this.mchId) return `mchid ${fields.mchid}`;
    if (fields.serial_no !== this.serialNo) return `serial_no ${fields.serial_no}`;
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return 'timestamp';
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    const ok = createVerify('RSA-SHA256')
      .update(message)
      .verify(pem(this.merchant.publicKey, 'spki'), fields.signature ?? '', 'base64');
    return ok ? null : 'SIGN_ERROR';
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (this.hang) return;
    if (this.failWith) return this.send(res, this.failWith, { code: 'SYSTEM_ERROR', message: '系统错误' });
    const refused = this.checkAuthorization(req, raw);
    if (refused) {
      this.refused.push(refused);
      return this.send(res, 401, { code: 'SIGN_ERROR', message: refused });
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = raw ? JSON.parse(raw) : undefined;
    this.calls.push({ method: req.method!, path: url.pathname, body });
    const byOutTradeNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      const b = body as Partial<FakeTransaction> & { time_expire?: string };
      if (
        b.mchid !== this.mchId ||
        b.appid !== this.appId ||
        !b.out_trade_no ||
        !b.description ||
        !(b.notify_url?.startsWith('https://') || (this.acceptHttpNotifyUrl && b.notify_url?.startsWith('http://'))) ||
        !Number.isInteger(b.amount?.total)
      ) {
        return this.send(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
      }
      if (b.time_expire && Number.isNaN(Date.parse(b.time_expire)))
        return this.send(res, 400, { code: 'PARAM_ERROR', message: 'time_expire' });
      const existing = this.transactions.get(b.out_trade_no);
      if (existing && existing.trade_state !== 'NOTPAY') return this.send(res, 400, { code: 'ORDER_CLOSED', message: '订单已关闭' });
      const tx: FakeTransaction = existing ?? {
        appid: b.appid,
        mchid: b.mchid,
        out_trade_no: b.out_trade_no,
        transaction_id: wechatTransactionId(),
        trade_state: 'NOTPAY',
        description: b.description,
        notify_url: b.notify_url,
        amount: { total: b.amount!.total, currency: 'CNY' },
      };
      this.transactions.set(tx.out_trade_no, tx);
      return this.send(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${tx.transaction_id.slice(-8)}` });
    }
    if (req.method === 'GET' && url.pathname === '/v3/bill/tradebill') {
      const day = url.searchParams.get('bill_date') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return this.send(res, 400, { code: 'PARAM_ERROR', message: 'bill_date' });
      this.billRequests.push(day);
      if (this.unpublished.has(day)) return this.send(res, 400, { code: 'STATEMENT_CREATING', message: '账单生成中，请稍后再试' });
      const text = this.billText(day);
      // The vendor makes no bill for a day without a successful trade.
      if (text === null) return this.send(res, 400, { code: 'NO_STATEMENT_EXIST', message: '请求的账单文件不存在' });
      const file = Buffer.from(text, 'utf8');
      this.bills.set(day, file);
      return this.send(res, 200, {
        hash_type: 'SHA1',
        hash_value: createHash('sha1').update(file).digest('hex'),
        download_url: `${this.baseUrl}v3/billdownload/file?token=${day}`,
      });
    }
    if (req.method === 'GET' && url.pathname === '/v3/billdownload/file') {
      const file = this.bills.get(url.searchParams.get('token') ?? '');
      if (!file) return this.send(res, 400, { code: 'PARAM_ERROR', message: 'token' });
      // The file is not signed (no Wechatpay-* headers): its SHA-1 came with the signed tradebill answer.
      return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(file);
    }
    if (byOutTradeNo) {
      const tx = this.transactions.get(decodeURIComponent(byOutTradeNo[1]!));
      const mchid = req.method === 'GET' ? url.searchParams.get('mchid') : (body as { mchid?: string })?.mchid;
      if (mchid !== this.mchId) return this.send(res, 400, { code: 'PARAM_ERROR', message: 'mchid' });
      if (!tx) return this.send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (req.method === 'GET' && !byOutTradeNo[2]) return this.send(res, 200, tx);
      if (req.method === 'POST' && byOutTradeNo[2]) {
        if (tx.trade_state === 'SUCCESS') return this.send(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
        tx.trade_state = 'CLOSED';
        return this.send(res, 204);
      }
    }
    return this.send(res, 404, { code: 'NOT_FOUND', message: url.pathname });
  }

  /** The bill text of a Beijing day: the payments, refunds and reversals of that day (null: none, no bill). */
  billText(day: string): string | null {
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    const rows: BilledTrade[] = [...this.transactions.values()]
      .filter((t) => (t.trade_state === 'SUCCESS' || t.trade_state === 'REVOKED') && t.paidAt && billDay(t.paidAt) === day)
      .map((t) => ({
        kind: t.trade_state === 'REVOKED' ? 'revoked' : 'payment',
        tradeNo: t.transaction_id,
        orderNo: t.out_trade_no,
        amount: yuan(t.billedTotal ?? t.amount.total),
        subject: t.description,
        paidAt: t.paidAt!,
      }));
    for (const r of this.refunds.filter((r) => billDay(r.at) === day)) {
      const t = this.transactions.get(r.out_trade_no)!;
      rows.push({
        kind: 'refund',
        tradeNo: t.transaction_id,
        orderNo: r.out_trade_no,
        amount: yuan(r.amount),
        subject: t.description,
        paidAt: r.at,
        refundNo: r.out_refund_no,
        refundId: r.refund_id,
      });
    }
    if (rows.length === 0) return null;
    return wechatPayBill(
      this.appId,
      this.mchId,
      rows.sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime()),
    );
  }

  /** A refund of a paid transaction made at the gateway (all of it unless `amount`, fen). */
  refund(outTradeNo: string, amount?: number, at = new Date()) {
    const tx = this.transactions.get(outTradeNo);
    if (!tx?.paidAt) throw new Error(`no paid transaction ${outTradeNo} at the fake`);
    const refund = {
      out_trade_no: outTradeNo,
      out_refund_no: `R${randomBytes(6).toString('hex')}`,
      refund_id: `50300${randomBytes(12).readBigUInt64BE().toString().padStart(23, '0').slice(0, 23)}`,
      amount: amount ?? tx.amount.total,
      at,
    };
    this.refunds.push(refund);
    return refund;
  }

  /** A payment reversed at the gateway (撤销): the bill lists it as REVOKED. */
  revoke(outTradeNo: string, at = new Date()): FakeTransaction {
    const tx = this.pay(outTradeNo, at);
    tx.trade_state = 'REVOKED';
    return tx;
  }

  pay(outTradeNo: string, at = new Date()): FakeTransaction {
    const tx = this.transactions.get(outTradeNo);
    if (!tx) throw new Error(`no transaction ${outTradeNo} at the fake`);
    tx.trade_state = 'SUCCESS';
    tx.paidAt = at;
    return tx;
  }

  /** The notification WeChat Pay posts after a payment: JSON body, resource AES-256-GCM encrypted, Wechatpay-* headers. */
  notification(
    transaction: Partial<FakeTransaction> & { out_trade_no: string },
    opts: { signWith?: string; apiV3Key?: string; at?: Date } = {},
  ) {
    const known = this.transactions.get(transaction.out_trade_no);
    const plain = JSON.stringify({
      ...known,
      trade_state: 'SUCCESS',
      trade_type: 'NATIVE',
      success_time: new Date().toISOString(),
      ...transaction,
    });
    const nonce = randomBytes(6).toString('hex');
    const aad = 'transaction';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(opts.apiV3Key ?? this.apiV3Key), nonce);
    cipher.setAAD(Buffer.from(aad));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const body = JSON.stringify({
      id: randomBytes(18).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: aad, nonce },
    });
    return { body, headers: { 'content-type': 'application/json', ...this.signedHeaders(body, opts.signWith, opts.at) } };
  }
}
