/**
 * What the fake gateways put in their daily bills, in the vendors' formats (the readers are
 * server/src/modules/pay/bills.ts): Alipay's zip of GBK CSVs, WeChat Pay's backtick CSV.
 */
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

export interface BilledTrade {
  tradeNo: string;
  orderNo: string;
  /** Yuan text, "30.00". */
  amount: string;
  subject: string;
  paidAt: Date;
}

const ALIPAY_HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';

const beijing = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** Alipay's trade bill of `day`: a zip holding 业务明细 and its 汇总, GBK, fields padded with tabs as the vendor does. */
export async function alipayBillZip(pid: string, day: string, trades: BilledTrade[]): Promise<Buffer> {
  const compact = day.replaceAll('-', '');
  const cn = `${day.slice(0, 4)}年${day.slice(5, 7)}月${day.slice(8, 10)}日`;
  const rows = trades.map((t) =>
    [
      t.tradeNo,
      t.orderNo,
      '交易',
      t.subject,
      beijing(t.paidAt),
      beijing(t.paidAt),
      '',
      '',
      '',
      '',
      'buy***@example.com',
      t.amount,
      t.amount,
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '',
      '0.00',
      '0.00',
      '',
      '0.00',
      '0.00',
      '',
    ]
      .map((field) => `${field}\t`)
      .join(','),
  );
  const total = trades.reduce((sum, t) => sum + Math.round(Number(t.amount) * 100), 0);
  const detail = [
    '#支付宝业务明细查询',
    `#账号：[${pid}]`,
    `#起始日期：[${cn} 00:00:00]   终止日期：[${cn} 23:59:59]`,
    '#-----------------------------------------业务明细列表----------------------------------------',
    ALIPAY_HEADER,
    ...rows,
    '#-----------------------------------------业务明细列表结束------------------------------------',
    `#交易合计：${trades.length}笔，商家实收共${(total / 100).toFixed(2)}元，商家优惠共0.00元`,
    '#退款合计：0笔，商家实收退款共0.00元，商家优惠退款共0.00元',
    `#导出时间：[${cn} 09:00:00]`,
  ].join('\r\n');
  const summary = [
    '#支付宝业务汇总查询',
    `#账号：[${pid}]`,
    '门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）',
    `合计,,${trades.length},0,${(total / 100).toFixed(2)},${(total / 100).toFixed(2)}`,
  ].join('\r\n');
  const zip = new JSZip();
  zip.file(`${pid}_${compact}_业务明细.csv`, gbkEncode(detail));
  zip.file(`${pid}_${compact}_业务明细(汇总).csv`, gbkEncode(summary));
  return zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    // JSZip takes the bytes (its type says string).
    encodeFileName: (name) => gbkEncode(name) as unknown as string,
  });
}

const WECHAT_HEADER =
  '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';

/** WeChat Pay's trade bill (bill_type ALL): UTF-8, every value prefixed with a backtick, then the summary. */
export function wechatPayBill(appId: string, mchId: string, trades: BilledTrade[]): string {
  const rows = trades.map((t) =>
    [
      beijing(t.paidAt),
      appId,
      mchId,
      '0',
      '',
      t.tradeNo,
      t.orderNo,
      'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      'NATIVE',
      'SUCCESS',
      'OTHERS',
      'CNY',
      t.amount,
      '0.00',
      '0',
      '0',
      '0.00',
      '0.00',
      '',
      '',
      t.subject,
      '',
      '0.00000',
      '0.60%',
      t.amount,
      '0.00',
      '',
    ]
      .map((field) => `\`${field}`)
      .join(','),
  );
  const total = (trades.reduce((sum, t) => sum + Math.round(Number(t.amount) * 100), 0) / 100).toFixed(2);
  return [
    WECHAT_HEADER,
    ...rows,
    '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
    `\`${trades.length},\`${total},\`0.00,\`0.00,\`0.00000,\`${total},\`0.00`,
    '',
  ].join('\r\n');
}

/** Beijing day (YYYY-MM-DD) of an instant: the day whose bill lists a payment made then. */
export const billDay = (at: Date) => beijing(at).slice(0, 10);
