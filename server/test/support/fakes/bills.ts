/**
 * What the fake gateways put in their daily bills, in the vendors' formats (the readers are
 * server/src/modules/pay/bills.ts): Alipay's zip of GBK CSVs, WeChat Pay's backtick CSV.
 */
import { randomBytes } from 'node:crypto';
import JSZip from 'jszip';

let gbkTable: Map<string, number[]> | undefined;

/** GBK bytes of a text, from the platform's GBK decoder read backwards (no encoder ships with Node). */
export function gbkEncode(text: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk', { fatal: true });
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        try {
          const char = decoder.decode(Uint8Array.of(lead, trail));
          if (!gbkTable.has(char)) gbkTable.set(char, [lead, trail]);
        } catch {
          // not a GBK pair
        }
      }
    }
  }
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else bytes.push(...(gbkTable.get(char) ?? [0x3f]));
  }
  return Buffer.from(bytes);
}

const randomDigits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
const compactDay = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');

/** An Alipay trade_no as the vendor makes them: 28 digits, the Beijing day first (e.g. 2026112722001478901234567890). */
export const alipayTradeNo = (at = new Date()) => `${compactDay(at)}22001${randomDigits(15)}`;

/** A WeChat Pay transaction_id: 28 digits starting 42000 (e.g. 4200002026112712345678901234). */
export const wechatTransactionId = (at = new Date()) => `42000${compactDay(at)}${randomDigits(15)}`;

/** One row of a day's bill: a payment, a refund (part or all of it) or a reversed payment. */
export interface BilledTrade {
  kind?: 'payment' | 'refund' | 'revoked';
  tradeNo: string;
  orderNo: string;
  /** Yuan text, "30.00": what was paid, or what went back. */
  amount: string;
  subject: string;
  /** When it happened (paid, refunded, revoked): the Beijing day of the bill that lists it. */
  paidAt: Date;
  /** The merchant's refund request number (refunds). */
  refundNo?: string;
  /** WeChat Pay's refund id (refunds). */
  refundId?: string;
}

const fen = (yuan: string) => Math.round(Number(yuan) * 100);
const yuan = (f: number) => (f / 100).toFixed(2);
/** WeChat Pay's fee at 0.60%, to five decimals as its bills write fees. */
const fee5 = (f: number) => ((f * 0.006) / 100).toFixed(5);

export const ALIPAY_DETAIL_HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';

const beijing = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const chineseDate = (day: string) => `${day.slice(0, 4)}年${day.slice(5, 7)}月${day.slice(8, 10)}日`;

/**
 * One 业务明细 row as Alipay writes it (test/support/fixtures/bills.ts has the vendor's samples):
 * ids and some numbers end with a tab, nothing is quoted, a refund's amounts are negative.
 */
export function alipayDetailRow(t: BilledTrade, remark = ''): string {
  const refund = t.kind === 'refund';
  const amount = refund ? `-${t.amount}` : t.amount;
  return [
    `${t.tradeNo}\t`,
    `${t.orderNo}\t`,
    `${refund ? '退款' : '交易'}\t`,
    t.subject,
    beijing(new Date(t.paidAt.getTime() - 20_000)),
    beijing(t.paidAt),
    '\t',
    '\t',
    '\t',
    '\t',
    '*三(138****0000)\t',
    amount,
    amount,
    '0.00',
    '0.00',
    '0.00',
    '0.00',
    '0.00',
    '',
    '0.00\t',
    '0.00',
    refund ? `${t.refundNo ?? `re${t.orderNo}`}\t` : '\t',
    '0.00',
    '0.00',
    remark,
  ].join(',');
}

/** The text of Alipay's 业务明细 CSV of `day` (before GBK encoding): comment lines, header, rows, totals. */
export function alipayDetailText(pid: string, day: string, trades: BilledTrade[]): string {
  const payments = trades.filter((t) => t.kind !== 'refund');
  const refunds = trades.filter((t) => t.kind === 'refund');
  const sum = (list: BilledTrade[]) => list.reduce((total, t) => total + fen(t.amount), 0);
  return [
    '#支付宝业务明细查询',
    `#账号：[${pid}0156]`,
    `#起始日期：[${chineseDate(day)} 00:00:00]   终止日期：[${chineseDate(addDay(day))} 00:00:00]`,
    '#-----------------------------------------业务明细列表----------------------------------------',
    ALIPAY_DETAIL_HEADER,
    ...trades.map((t) => alipayDetailRow(t, t.subject)),
    '#-----------------------------------------业务明细列表结束------------------------------------',
    `#交易合计：${payments.length}笔，商家实收共${yuan(sum(payments))}元，商家优惠共0.00元`,
    `#退款合计：${refunds.length}笔，商家实收退款共${refunds.length ? '-' : ''}${yuan(sum(refunds))}元，商家优惠退款共0.00元`,
    `#导出时间：[${chineseDate(addDay(day))} 05:46:49]`,
    '',
  ].join('\r\n');
}

const addDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Alipay's trade bill of `day`: a zip holding 业务明细 and its 汇总, GBK, file names GBK too. */
export async function alipayBillZip(pid: string, day: string, trades: BilledTrade[]): Promise<Buffer> {
  const compact = day.replaceAll('-', '');
  const payments = trades.filter((t) => t.kind !== 'refund');
  const refunds = trades.filter((t) => t.kind === 'refund');
  const total = yuan(payments.reduce((sum, t) => sum + fen(t.amount), 0));
  const summary = [
    '#支付宝业务汇总查询',
    `#账号：[${pid}0156]`,
    `#起始日期：[${chineseDate(day)} 00:00:00]   终止日期：[${chineseDate(addDay(day))} 00:00:00]`,
    '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）,支付宝优惠（元）,商家优惠（元）,卡消费金额（元）,服务费（元）,分润（元）,实收净额（元）',
    `合计,,${payments.length},${refunds.length},${total},${total},0.00,0.00,0.00,0.00,0.00,${total}`,
    `#导出时间：[${chineseDate(addDay(day))} 05:46:49]`,
    '',
  ].join('\r\n');
  const zip = new JSZip();
  zip.file(`${pid}0156_${compact}_业务明细.csv`, gbkEncode(alipayDetailText(pid, day, trades)));
  zip.file(`${pid}0156_${compact}_业务明细(汇总).csv`, gbkEncode(summary));
  return zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    // JSZip takes the bytes (its type says string).
    encodeFileName: (name) => gbkEncode(name) as unknown as string,
  });
}

export const WECHAT_TRADEBILL_HEADER =
  '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';

/** One row of WeChat Pay's trade bill (ALL) as the vendor writes it: every value after a backtick, nothing quoted. */
export function wechatTradebillRow(appId: string, mchId: string, t: BilledTrade, attach = ''): string {
  const f = fen(t.amount);
  const state = t.kind === 'refund' ? 'REFUND' : t.kind === 'revoked' ? 'REVOKED' : 'SUCCESS';
  const refund = state === 'REFUND';
  return [
    beijing(t.paidAt),
    appId,
    mchId,
    '0',
    '',
    t.tradeNo,
    t.orderNo,
    'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    'NATIVE',
    state,
    'OTHERS',
    'CNY',
    refund ? '0.00' : t.amount,
    '0.00',
    refund ? (t.refundId ?? `503${t.tradeNo.slice(3)}`) : '0',
    refund ? (t.refundNo ?? `R${t.orderNo}`) : '0',
    refund ? t.amount : '0.00',
    '0.00',
    refund ? 'ORIGINAL' : '',
    refund ? 'SUCCESS' : '',
    t.subject,
    attach,
    refund ? `-${fee5(f)}` : fee5(f),
    '0.60%',
    refund ? '0.00' : t.amount,
    refund ? t.amount : '0.00',
    '',
  ]
    .map((field) => `\`${field}`)
    .join(',');
}

/**
 * WeChat Pay's trade bill (bill_type ALL): UTF-8 with a BOM, CRLF, the header, the rows, then the
 * summary title and line. (A day without any trade has no bill: the API answers NO_STATEMENT_EXIST.)
 */
export function wechatPayBill(appId: string, mchId: string, trades: BilledTrade[]): string {
  const paid = trades.filter((t) => t.kind !== 'refund' && t.kind !== 'revoked');
  const refunds = trades.filter((t) => t.kind === 'refund');
  const sum = (list: BilledTrade[]) => list.reduce((total, t) => total + fen(t.amount), 0);
  const fees =
    paid.reduce((total, t) => total + Number(fee5(fen(t.amount))), 0) -
    refunds.reduce((total, t) => total + Number(fee5(fen(t.amount))), 0);
  return [
    `\uFEFF${WECHAT_TRADEBILL_HEADER}`,
    ...trades.map((t) => wechatTradebillRow(appId, mchId, t)),
    '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
    [trades.length, yuan(sum(paid)), yuan(sum(refunds)), '0.00', fees.toFixed(5), yuan(sum(paid)), yuan(sum(refunds))]
      .map((v) => `\`${v}`)
      .join(','),
    '',
  ].join('\r\n');
}

/** Beijing day (YYYY-MM-DD) of an instant: the day whose bill lists a payment made then. */
export const billDay = (at: Date) => beijing(at).slice(0, 10);
