/**
 * The gateways' daily trade bills, read as the vendors publish them:
 * - Alipay (alipay.data.dataservice.bill.downloadurl.query, bill_type trade): a zip of GBK CSV
 *   files, "<pid>_<yyyymmdd>_业务明细.csv" beside its "(汇总)" summary; the detail list sits between
 *   "#---业务明细列表---" comment lines, fields padded with tabs, amounts in yuan.
 * - WeChat Pay v3 (GET /v3/bill/tradebill, then its download_url): a UTF-8 CSV whose header names
 *   the columns, every value prefixed with a backtick, then a "总交易单数" summary block.
 * Only payments are kept (Alipay 业务类型 交易, WeChat 交易状态 SUCCESS); refunds are not ours to book.
 */
import JSZip from 'jszip';
import type { BillPayment } from '../order/index.ts';
import { yuanToFen } from './provider.ts';

const gbk = new TextDecoder('gbk');

/** Values of one CSV line of a bill (neither vendor quotes fields; both pad or prefix them). */
const fieldsOf = (line: string, strip: RegExp) => line.split(',').map((field) => field.replace(strip, ''));

function columnsOf(header: string[], wanted: Record<string, string>): Record<string, number> {
  const columns: Record<string, number> = {};
  for (const [key, name] of Object.entries(wanted)) {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`bill has no column ${name}`);
    columns[key] = index;
  }
  return columns;
}

/** The payments in an Alipay trade bill (the zip file's bytes). */
export async function readAlipayBill(zipBytes: Uint8Array): Promise<BillPayment[]> {
  const zip = await JSZip.loadAsync(zipBytes, { decodeFileName: (bytes) => gbk.decode(bytes as Uint8Array) });
  const detail = Object.values(zip.files).find((file) => file.name.endsWith('业务明细.csv'));
  if (!detail) throw new Error(`no 业务明细.csv in the bill (files: ${Object.keys(zip.files).join(', ')})`);
  const lines = gbk.decode(await detail.async('uint8array')).split(/\r?\n/);
  const start = lines.findIndex((line) => line.startsWith('支付宝交易号'));
  if (start < 0) throw new Error('bill has no 支付宝交易号 header');
  const header = fieldsOf(lines[start]!, /^\s+|\s+$/g);
  const at = columnsOf(header, { tradeNo: '支付宝交易号', orderNo: '商户订单号', kind: '业务类型', amount: '订单金额（元）' });
  const payments: BillPayment[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    if (!line.trim()) continue;
    const fields = fieldsOf(line, /^\s+|\s+$/g);
    if (fields[at.kind!] !== '交易') continue;
    payments.push({ orderNo: fields[at.orderNo!]!, providerTradeNo: fields[at.tradeNo!]!, amount: yuanToFen(fields[at.amount!]) });
  }
  return payments;
}

/** The payments in a WeChat Pay v3 trade bill (the file's text). */
export function readWechatPayBill(text: string): BillPayment[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = fieldsOf(lines[0] ?? '', /^`/);
  const at = columnsOf(header, { tradeNo: '微信订单号', orderNo: '商户订单号', state: '交易状态', amount: '订单金额' });
  const payments: BillPayment[] = [];
  for (const line of lines.slice(1)) {
    if (line.startsWith('总交易单数')) break;
    if (!line.trim()) continue;
    const fields = fieldsOf(line, /^`/);
    if (fields[at.state!] !== 'SUCCESS') continue;
    payments.push({ orderNo: fields[at.orderNo!]!, providerTradeNo: fields[at.tradeNo!]!, amount: yuanToFen(fields[at.amount!]) });
  }
  return payments;
}
