/**
 * The link field and item card against a stubbed server: a pasted share text is looked up at once,
 * the pending line never blocks typing, the card fills from the answer and stays editable, a
 * changed link cancels the lookup, the 30 s timeout and an unrecognised link say so in Chinese.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '@/lib/i18n';
import { stubFetch } from '@/test/fetch';
import { logIn } from '@/test/user';
import type { ItemInfo } from './api';
import ItemLookup from './ItemLookup';

const SHARE = '【淘宝】https://m.tb.cn/h.UvpmkC1?tk=sGbodnsOSIy CZ3457 「免插卡 随身wifi」\n点击链接直接打开 或者 淘宝搜索直接打开';
const FOUND: ItemInfo = {
  flowType: 'tb',
  itemId: '612345678901',
  url: 'https://item.taobao.com/item.htm?id=612345678901',
  title: '免插卡 随身wifi 4g便携路由器',
  image: 'https://img.alicdn.com/i1/wifi.jpg',
  shopName: '某某数码专营店',
  price: 990,
  lookup: 'found',
};

type State = { itemUrl: string; item: ItemInfo | null; title: string };
/** The form state after the latest change (what the plan form would publish). */
let latest: State;

function Harness() {
  const [state, setState] = useState<State>({ itemUrl: '', item: null, title: '' });
  const change = (patch: Partial<State>) =>
    setState((s) => {
      latest = { ...s, ...patch };
      return latest;
    });
  return (
    <>
      <ItemLookup flowType="tb" {...state} onChange={change} />
      <input aria-label="关键词" data-testid="other-field" />
    </>
  );
}

function paste(text: string) {
  const field = screen.getByTestId('item-url');
  fireEvent.paste(field, { clipboardData: { getData: () => text } });
}

beforeAll(async () => {
  await loadNamespaces('flow');
});
beforeEach(() => {
  logIn(
    { phone: '13800138000', memberLevel: 1, memberLevelDesc: '普通会员', integral: 0, memberDeadline: null, avatar: null },
    'test-token',
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ItemLookup', () => {
  it('a pasted share text is looked up at once; pending never blocks typing; the card fills and stays editable', async () => {
    let answer!: (v: { body: unknown }) => void;
    const { requests } = stubFetch(() => new Promise((resolve) => (answer = resolve)));
    render(<Harness />);
    paste(SHARE);
    const oneLine = SHARE.replace('\n', ' ');
    expect((screen.getByTestId('item-url') as HTMLInputElement).value).toBe(oneLine);
    await screen.findByTestId('item-pending');
    expect(screen.getByTestId('item-pending').textContent).toContain('正在查询商品信息');
    expect(requests[0]!.url).toContain('/api/item/get?');
    expect(new URL(requests[0]!.url, 'http://x').searchParams.get('url')).toBe(oneLine);
    // typing elsewhere while it runs
    const other = screen.getByTestId('other-field') as HTMLInputElement;
    fireEvent.change(other, { target: { value: '连衣裙' } });
    expect(other.value).toBe('连衣裙');
    expect((screen.getByTestId('item-url') as HTMLInputElement).disabled).toBe(false);

    await act(async () => answer({ body: { success: true, data: FOUND } }));
    await screen.findByTestId('item-card');
    expect(screen.queryByTestId('item-pending')).toBeNull();
    expect((screen.getByTestId('item-title') as HTMLInputElement).value).toBe(FOUND.title);
    expect((screen.getByTestId('item-shop') as HTMLInputElement).value).toBe('某某数码专营店');
    expect((screen.getByTestId('item-price') as HTMLInputElement).value).toBe('9.9');
    expect(screen.getByTestId('item-status').textContent).toBe('已从平台获取商品信息，可修改后发布');

    fireEvent.change(screen.getByTestId('item-title'), { target: { value: '随身wifi' } });
    fireEvent.change(screen.getByTestId('item-shop'), { target: { value: '官方店' } });
    fireEvent.change(screen.getByTestId('item-price'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByText('不使用这张图片'));
    expect(latest.title).toBe('随身wifi');
    expect(latest.item).toMatchObject({ shopName: '官方店', price: 1250, image: null, itemId: '612345678901' });
    // a price that does not read as one (or that the server cannot keep) is marked, and the form
    // holds it as not a number, so publishing asks for a price rather than keeping an older one
    for (const typed of ['12.5.5', '30000000']) {
      fireEvent.change(screen.getByTestId('item-price'), { target: { value: typed } });
      expect(screen.getByTestId('item-price').getAttribute('aria-invalid')).toBe('true');
      expect(latest.item?.price).toBeNaN();
    }
    // an empty field is no price at all
    fireEvent.change(screen.getByTestId('item-price'), { target: { value: '' } });
    expect(latest.item?.price).toBeNull();
  });

  it('each way the platform can answer says what to do, the card stays editable', async () => {
    for (const [lookup, line] of [
      ['unknown', '平台未查到该商品（可能未参加推广或已下架），请手动填写商品标题等信息'],
      ['off', '暂未接入该平台的商品接口，请手动填写商品标题等信息'],
      ['failed', '平台暂时没有返回商品信息，请手动填写，或稍后点击“查询”重试'],
    ] as const) {
      stubFetch(() => ({
        body: { success: true, data: { flowType: 'tb', itemId: '612345678901', url: FOUND.url, title: '分享里的标题', lookup } },
      }));
      const { unmount } = render(<Harness />);
      paste(SHARE);
      expect((await screen.findByTestId('item-status')).textContent).toBe(line);
      expect((screen.getByTestId('item-title') as HTMLInputElement).value).toBe('分享里的标题');
      expect((screen.getByTestId('item-shop') as HTMLInputElement).value).toBe('');
      unmount();
    }
  });

  it('changing the link while a lookup runs cancels it: its answer is not shown', async () => {
    let answer!: (v: { body: unknown }) => void;
    stubFetch(() => new Promise((resolve) => (answer = resolve)));
    render(<Harness />);
    paste(SHARE);
    await screen.findByTestId('item-pending');
    fireEvent.change(screen.getByTestId('item-url'), { target: { value: 'https://item.jd.com/1.html' } });
    expect(screen.queryByTestId('item-pending')).toBeNull();
    await act(async () => answer({ body: { success: true, data: FOUND } }));
    expect(screen.queryByTestId('item-card')).toBeNull();
    expect(latest.item ?? null).toBeNull();
  });

  it('an unrecognised link: a Chinese line, no card', async () => {
    stubFetch(() => ({ status: 400, body: { success: false, message: '无法识别的商品链接' } }));
    render(<Harness />);
    paste('看看这个 https://example.com/x');
    expect((await screen.findByTestId('item-failed')).textContent).toBe(
      '无法识别该链接：请粘贴商品详情页链接，或 App「分享」复制的整段文字',
    );
    expect(screen.queryByTestId('item-card')).toBeNull();
  });

  it('a link of another platform: the line says which one, as the server does', async () => {
    stubFetch(() => ({
      status: 400,
      body: { success: false, message: '该链接是京东商品，与所选平台（淘宝/天猫）不符', data: { flowType: 'jd' } },
    }));
    render(<Harness />);
    paste('【京东】https://item.jd.com/100012043978.html 「美的电饭煲」');
    expect((await screen.findByTestId('item-failed')).textContent).toBe('这是京东的商品链接，请切换到“京东”后再查询');
    expect(screen.queryByTestId('item-card')).toBeNull();
  });

  it('no answer in 30 s (the seed timeout): the pending line ends with the timeout line', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init: RequestInit = {}) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
      ),
    );
    render(<Harness />);
    paste('https://item.taobao.com/item.htm?id=612345678901');
    expect(screen.getByTestId('item-pending')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_999);
    });
    expect(screen.queryByTestId('item-pending')).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByTestId('item-failed').textContent).toBe('查询超时（30 秒），请稍后重新查询');
    expect(screen.queryByTestId('item-pending')).toBeNull();
  });
});
