/**
 * The gateways' daily trade bills, read as the vendors publish them (test/support/fixtures/bills.ts
 * holds real-layout samples with their sources):
 * - Alipay (alipay.data.dataservice.bill.downloadurl.query, bill_type trade): a zip of GBK CSV
 *   files, "<pid>_<yyyymmdd>_业务明细.csv" beside its "(汇总)" summary. The detail list sits between
 *   "#---业务明细列表---" comment lines; numbers and ids carry a trailing tab; amounts in yuan,
 *   negative on refund rows (业务类型 退款).
 * - WeChat Pay v3 (GET /v3/bill/tradebill, bill_type ALL, then its download_url): UTF-8 with a BOM,
 *   CRLF, a header naming the columns, every value prefixed with a backtick, refund (REFUND) and
 *   revoked (REVOKED) rows beside the payments (SUCCESS), fees with five decimals, then a
 *   "总交易单数" summary block.
 * Neither vendor quotes fields, and free text (the goods name, store and coupon names, remarks) may
 * hold commas: every row is fitted to the header by column name, free-text columns taking what the
 * fixed-format ones (ids, times, amounts) leave. A row that fits no way, or two ways that disagree on
 * what reconciliation reads, is returned as unreadable (reported, never guessed).
 */
import JSZip from 'jszip';
import type { Bill, BillEntry } from '../order/index.ts';

const gbk = new TextDecoder('gbk');

const AMOUNT = /^-?\d{1,12}(\.\d{1,5})?$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})?$/;
const DIGITS = /^\d{10,40}$/;
const TOKEN = /^[^\s,]*$/;

/** How a column's values look: `free` text may hold commas; otherwise one field matching `pattern`. */
interface Column {
  pattern?: RegExp;
  free?: boolean;
}

type Layout = Record<string, Column>;

/** Alipay 业务明细, by column name. */
const ALIPAY_LAYOUT: Layout = {
  支付宝交易号: { pattern: DIGITS },
  商户订单号: { pattern: TOKEN },
  业务类型: { pattern: TOKEN },
  商品名称: { free: true },
  创建时间: { pattern: DATETIME },
  完成时间: { pattern: DATETIME },
  门店编号: { pattern: TOKEN },
  门店名称: { free: true },
  操作员: { free: true },
  终端号: { pattern: TOKEN },
  对方账户: { free: true },
  '订单金额（元）': { pattern: AMOUNT },
  '商家实收（元）': { pattern: AMOUNT },
  '支付宝红包（元）': { pattern: AMOUNT },
  '集分宝（元）': { pattern: AMOUNT },
  '支付宝优惠（元）': { pattern: AMOUNT },
  '商家优惠（元）': { pattern: AMOUNT },
  '券核销金额（元）': { pattern: AMOUNT },
  券名称: { free: true },
  '商家红包消费金额（元）': { pattern: AMOUNT },
  '卡消费金额（元）': { pattern: AMOUNT },
  '退款批次号/请求号': { pattern: TOKEN },
  '服务费（元）': { pattern: AMOUNT },
  '分润（元）': { pattern: AMOUNT },
  备注: { free: true },
};

/** WeChat Pay's trade bill (ALL), by column name. */
const WECHAT_LAYOUT: Layout = {
  交易时间: { pattern: DATETIME },
  微信订单号: { pattern: DIGITS },
  商户订单号: { pattern: TOKEN },
  交易状态: { pattern: /^[A-Z_]+$/ },
  应结订单金额: { pattern: AMOUNT },
  代金券金额: { pattern: AMOUNT },
  退款金额: { pattern: AMOUNT },
  充值券退款金额: { pattern: AMOUNT },
  商品名称: { free: true },
  商户数据包: { free: true },
  手续费: { pattern: AMOUNT },
  订单金额: { pattern: AMOUNT },
  申请退款金额: { pattern: AMOUNT },
  费率备注: { free: true },
};

/**
 * The values of `fields` by column name, fitted to `header`: a free-text column may take several
 * fields (joined back with the commas that split them), every other column exactly one that fits
 * its pattern. Answers the fit, or why there is none; several fits must agree on `read`.
 */
export function fitRow(fields: string[], header: string[], layout: Layout, read: string[]): Record<string, string> | { problem: string } {
  const extra = fields.length - header.length;
  if (extra < 0) return { problem: `${fields.length} fields for ${header.length} columns` };
  const fits: string[][] = [];
  const walk = (field: number, column: number, taken: string[], spare: number) => {
    if (fits.length > 16) return;
    if (column === header.length) {
      if (field === fields.length) fits.push(taken);
      return;
    }
    const spec = layout[header[column]!] ?? {};
    for (let width = 1; width <= (spec.free ? spare + 1 : 1); width++) {
      const value = fields.slice(field, field + width).join(',');
      if (spec.pattern && !spec.pattern.test(value)) continue;
      walk(field + width, column + 1, [...taken, value], spare - (width - 1));
    }
  };
  walk(0, 0, [], extra);
  if (fits.length === 0) return { problem: 'fields do not fit the header' };
  const asRecord = (fit: string[]) => Object.fromEntries(header.map((name, i) => [name, fit[i]!]));
  const first = asRecord(fits[0]!);
  for (const other of fits.slice(1).map(asRecord)) {
    if (read.some((name) => other[name] !== first[name])) return { problem: 'a comma in free text leaves it ambiguous' };
  }
  return first;
}

function requireColumns(header: string[], names: string[], what: string) {
  const missing = names.filter((name) => !header.includes(name));
  if (missing.length > 0) throw new Error(`${what} has no column ${missing.join(', ')} (header: ${header.join(',')})`);
}

/** Fen of a bill amount ("30.00", "-0.01"), as a positive number; NaN when it is not one. */
function fenOf(text: string | undefined): number {
  const match = /^-?(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

interface ReadRow {
  line: number;
  text: string;
  values: Record<string, string> | { problem: string };
}

/** Turns fitted rows into entries (`entryOf` answers null for a row that is neither a payment nor money returned). */
function billOf(rows: ReadRow[], entryOf: (values: Record<string, string>) => BillEntry | null): Bill {
  const bill: Bill = { entries: [], unreadable: [] };
  for (const { line, text, values } of rows) {
    if ('problem' in values) {
      bill.unreadable.push({ line, text, reason: values.problem });
      continue;
    }
    const entry = entryOf(values);
    if (entry && Number.isNaN(entry.amount)) bill.unreadable.push({ line, text, reason: 'amount is not a yuan amount' });
    else if (entry) bill.entries.push(entry);
  }
  return bill;
}

const ALIPAY_READ = ['支付宝交易号', '商户订单号', '业务类型', '订单金额（元）', '退款批次号/请求号'];

/** The entries of an Alipay 业务明细 CSV (the text, decoded). */
export function readAlipayDetail(text: string): Bill {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  // The header: the first line after the comment lines, found by a column name, wherever the vendor puts that column.
  const start = lines.findIndex((line) => !line.startsWith('#') && line.split(',').some((name) => name.trim() === '支付宝交易号'));
  if (start < 0) throw new Error('alipay bill: no 支付宝交易号 header');
  const header = lines[start]!.split(',').map((name) => name.trim());
  requireColumns(header, ALIPAY_READ, 'alipay bill');
  const rows: ReadRow[] = [];
  for (let i = start + 1; i < lines.length && !lines[i]!.startsWith('#'); i++) {
    if (!lines[i]!.trim()) continue;
    const fields = lines[i]!.split(',').map((field) => field.trim());
    rows.push({ line: i + 1, text: lines[i]!, values: fitRow(fields, header, ALIPAY_LAYOUT, ALIPAY_READ) });
  }
  return billOf(rows, (v) => {
    const kind = v['业务类型'] === '交易' ? 'payment' : v['业务类型'] === '退款' ? 'refund' : null;
    if (!kind) return null;
    const entry: BillEntry = { kind, orderNo: v['商户订单号']!, providerTradeNo: v['支付宝交易号']!, amount: fenOf(v['订单金额（元）']) };
    if (kind === 'refund' && v['退款批次号/请求号']) entry.refundNo = v['退款批次号/请求号'];
    return entry;
  });
}

/** The entries of an Alipay trade bill (the zip file's bytes: its 业务明细 CSV in GBK). */
export async function readAlipayBill(zipBytes: Uint8Array): Promise<Bill> {
  const zip = await JSZip.loadAsync(zipBytes, { decodeFileName: (bytes) => gbk.decode(bytes as Uint8Array) });
  const detail = Object.values(zip.files).find((file) => file.name.endsWith('业务明细.csv'));
  if (!detail) throw new Error(`no 业务明细.csv in the bill (files: ${Object.keys(zip.files).join(', ')})`);
  return readAlipayDetail(gbk.decode(await detail.async('uint8array')));
}

const WECHAT_READ = ['微信订单号', '商户订单号', '交易状态', '订单金额', '退款金额', '申请退款金额', '商户退款单号'];

/** A WeChat bill line's fields: split at commas, a piece that does not start with the backtick continues the one before. */
function wechatFields(line: string): string[] | null {
  if (!line.startsWith('`')) return null;
  const fields: string[] = [];
  for (const piece of line.split(',')) {
    if (piece.startsWith('`') || fields.length === 0) fields.push(piece);
    else fields[fields.length - 1] += `,${piece}`;
  }
  return fields.map((field) => field.replace(/^`/, '').trim());
}

/** The entries of a WeChat Pay v3 trade bill (bill_type ALL, the file's text). */
export function readWechatPayBill(text: string): Bill {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() !== '');
  const header = (lines[start] ?? '').split(',').map((name) => name.replace(/^`/, '').trim());
  requireColumns(header, ['微信订单号', '商户订单号', '交易状态', '订单金额'], 'wechatpay bill');
  const rows: ReadRow[] = [];
  for (let i = start + 1; i < lines.length && !lines[i]!.startsWith('总交易单数'); i++) {
    if (!lines[i]!.trim()) continue;
    const fields = wechatFields(lines[i]!);
    rows.push({
      line: i + 1,
      text: lines[i]!,
      values: fields
        ? fitRow(
            fields,
            header,
            WECHAT_LAYOUT,
            WECHAT_READ.filter((n) => header.includes(n)),
          )
        : { problem: 'no backtick' },
    });
  }
  return billOf(rows, (v) => {
    const state = v['交易状态'];
    const common = { orderNo: v['商户订单号']!, providerTradeNo: v['微信订单号']! };
    if (state === 'SUCCESS') return { kind: 'payment', ...common, amount: fenOf(v['订单金额']) };
    if (state === 'REFUND') {
      const amount = fenOf(v['申请退款金额'] || v['退款金额']);
      return { kind: 'refund', ...common, amount, ...(v['商户退款单号'] ? { refundNo: v['商户退款单号'] } : {}) };
    }
    // A payment reversed at the gateway (撤销): the money went back.
    if (state === 'REVOKED') return { kind: 'revoked', ...common, amount: fenOf(v['订单金额']) };
    return null;
  });
}
