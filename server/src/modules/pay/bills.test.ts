/**
 * The bill readers on the vendors' real layouts (test/support/fixtures/bills.ts, sources there):
 * fields by header name whatever commas the free text holds, refund and revoked rows told from
 * payments, amounts in fen, a day without trades, rows that cannot be read reported rather than
 * guessed, and the fake gateways' bills read the same way.
 */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { fitRow, readAlipayBill, readAlipayDetail, readWechatPayBill } from './bills.ts';
import {
  ALIPAY_DETAIL_2026_11_26,
  ALIPAY_DETAIL_EMPTY_2026_11_25,
  SAMPLE_ORDERS,
  WECHAT_TRADEBILL_2026_11_26,
  alipayDetailBytes,
} from '../../../test/support/fixtures/bills.ts';
import { alipayBillZip, gbkEncode, wechatPayBill, type BilledTrade } from '../../../test/support/fakes/bills.ts';

describe("Alipay's 业务明细 (GBK, in a zip)", () => {
  it('reads each payment and refund by column name, commas in the goods, store, coupon names and remark included', async () => {
    const zip = new JSZip();
    zip.file('20881021776494500156_20261126_业务明细.csv', alipayDetailBytes(ALIPAY_DETAIL_2026_11_26));
    zip.file('20881021776494500156_20261126_业务明细(汇总).csv', gbkEncode('#支付宝业务汇总查询\r\n'));
    const bytes = await zip.generateAsync({ type: 'uint8array', encodeFileName: (name) => gbkEncode(name) as unknown as string });
    const bill = await readAlipayBill(bytes);
    expect(bill.unreadable).toEqual([]);
    expect(bill.entries).toEqual([
      { kind: 'payment', orderNo: SAMPLE_ORDERS.commaInName, providerTradeNo: '2026112622001419931441931972', amount: 3000 },
      { kind: 'payment', orderNo: SAMPLE_ORDERS.plain, providerTradeNo: '2026112622001419931441888001', amount: 1000 },
      { kind: 'payment', orderNo: SAMPLE_ORDERS.storeAndCoupon, providerTradeNo: '2026112622001465870515233238', amount: 9900 },
      {
        kind: 'refund',
        orderNo: SAMPLE_ORDERS.refunded,
        providerTradeNo: '2026112022001458860515315453',
        amount: 500,
        refundNo: 're20261126160248000001',
      },
    ]);
  });

  it('a day without trades is an empty bill', () => {
    expect(readAlipayDetail(ALIPAY_DETAIL_EMPTY_2026_11_25)).toEqual({ entries: [], unreadable: [] });
  });

  it('a column moved or added by the vendor is still found by its name', () => {
    const lines = ALIPAY_DETAIL_2026_11_26.split('\r\n');
    const header = lines[4]!.split(',');
    // 备注 first, a new column at the end: every row the same way.
    const reorder = (line: string) => {
      const fields = line.split(',');
      return [fields.at(-1), ...fields.slice(0, -1), '新列'].join(',');
    };
    const moved = [
      ...lines.slice(0, 4),
      [header.at(-1), ...header.slice(0, -1), '新列'].join(','),
      reorder(lines[6]!),
      ...lines.slice(9),
    ].join('\r\n');
    expect(readAlipayDetail(moved).entries).toEqual([
      { kind: 'payment', orderNo: SAMPLE_ORDERS.plain, providerTradeNo: '2026112622001419931441888001', amount: 1000 },
    ]);
  });

  it('a row that fits the header no way is reported with its line, not guessed; a header without the needed columns is refused', () => {
    const text = ALIPAY_DETAIL_2026_11_26.replace('10.00,10.00,0.00', '10.00,ten,0.00');
    const bill = readAlipayDetail(text);
    expect(bill.entries.map((e) => e.orderNo)).not.toContain(SAMPLE_ORDERS.plain);
    expect(bill.unreadable).toEqual([expect.objectContaining({ line: 7, reason: 'fields do not fit the header' })]);
    expect(() => readAlipayDetail(text.replace('商户订单号', '订单号'))).toThrow(/no column 商户订单号/);
  });
});

describe("WeChat Pay's trade bill (ALL)", () => {
  it('reads payments, the revoked payment and the refund by column name: BOM, CRLF, backticks, commas in goods and attach, 5-decimal fees', () => {
    const bill = readWechatPayBill(WECHAT_TRADEBILL_2026_11_26);
    expect(bill.unreadable).toEqual([]);
    expect(bill.entries).toEqual([
      { kind: 'payment', orderNo: SAMPLE_ORDERS.wechatComma, providerTradeNo: '4200002086202611260745964084', amount: 3000 },
      { kind: 'payment', orderNo: SAMPLE_ORDERS.wechatPlain, providerTradeNo: '4200002086202611261234567890', amount: 1000 },
      { kind: 'revoked', orderNo: SAMPLE_ORDERS.wechatRevoked, providerTradeNo: '4200002086202611267777777777', amount: 1000 },
      {
        kind: 'refund',
        orderNo: SAMPLE_ORDERS.wechatRefunded,
        providerTradeNo: '4200002086202611250745964084',
        amount: 500,
        refundNo: 'R20261126152011',
      },
    ]);
  });

  it('the same bill with LF line ends, no BOM and backticks in the header reads the same', () => {
    const plain = WECHAT_TRADEBILL_2026_11_26.replace(/^\uFEFF/, '').replaceAll('\r\n', '\n');
    const [header, ...rest] = plain.split('\n');
    const ticked = [
      header!
        .split(',')
        .map((name) => `\`${name}`)
        .join(','),
      ...rest,
    ].join('\n');
    expect(readWechatPayBill(ticked).entries).toEqual(readWechatPayBill(WECHAT_TRADEBILL_2026_11_26).entries);
  });

  it('a line without its backticks is reported, not read', () => {
    const broken = WECHAT_TRADEBILL_2026_11_26.replace(`\`${SAMPLE_ORDERS.wechatPlain},`, `${SAMPLE_ORDERS.wechatPlain},`).replace(
      /\r\n`2026-11-26 12:00:02/,
      '\r\n2026-11-26 12:00:02',
    );
    const bill = readWechatPayBill(broken);
    expect(bill.entries.map((e) => e.orderNo)).not.toContain(SAMPLE_ORDERS.wechatPlain);
    expect(bill.unreadable).toEqual([expect.objectContaining({ line: 3, reason: 'no backtick' })]);
  });
});

describe('fitting a row to its header', () => {
  const header = ['id', 'name', 'at', 'note', 'amount'];
  const layout = {
    id: { pattern: /^\d+$/ },
    name: { free: true },
    at: { pattern: /^\d{2}:\d{2}$/ },
    note: { free: true },
    amount: { pattern: /^\d+\.\d{2}$/ },
  };
  it('free text takes the commas the fixed columns leave', () => {
    expect(fitRow(['1', 'a', 'b', '10:00', 'x', 'y', '3.00'], header, layout, ['id', 'amount'])).toEqual({
      id: '1',
      name: 'a,b',
      at: '10:00',
      note: 'x,y',
      amount: '3.00',
    });
  });
  it('two fits that disagree on what is read are ambiguous', () => {
    const loose = { ...layout, at: { free: true } };
    expect(fitRow(['1', 'a', 'b', 'c', 'd', '3.00'], header, loose, ['name'])).toEqual({
      problem: 'a comma in free text leaves it ambiguous',
    });
    // ... but agreeing on it is enough.
    expect(fitRow(['1', 'a', 'b', 'c', 'd', '3.00'], header, loose, ['id', 'amount'])).toMatchObject({ id: '1', amount: '3.00' });
  });
});

describe("the fake gateways' bills", () => {
  const at = new Date('2026-11-26T03:00:00Z');
  const trades: BilledTrade[] = [
    {
      kind: 'payment',
      tradeNo: '2026112622001400000000000001',
      orderNo: '20261126110000000301',
      amount: '30.00',
      subject: '积分包,限时',
      paidAt: at,
    },
    {
      kind: 'refund',
      tradeNo: '2026112622001400000000000001',
      orderNo: '20261126110000000301',
      amount: '30.00',
      subject: '积分包,限时',
      paidAt: new Date(at.getTime() + 3_600_000),
      refundNo: 'r1',
    },
  ];
  it('read back as what they list, in both layouts', async () => {
    expect((await readAlipayBill(await alipayBillZip('2088102177649450', '2026-11-26', trades))).entries).toEqual([
      { kind: 'payment', orderNo: '20261126110000000301', providerTradeNo: '2026112622001400000000000001', amount: 3000 },
      { kind: 'refund', orderNo: '20261126110000000301', providerTradeNo: '2026112622001400000000000001', amount: 3000, refundNo: 'r1' },
    ]);
    expect(readWechatPayBill(wechatPayBill('wx1', '1900009191', trades))).toEqual({
      entries: [
        { kind: 'payment', orderNo: '20261126110000000301', providerTradeNo: '2026112622001400000000000001', amount: 3000 },
        { kind: 'refund', orderNo: '20261126110000000301', providerTradeNo: '2026112622001400000000000001', amount: 3000, refundNo: 'r1' },
      ],
      unreadable: [],
    });
  });
});
