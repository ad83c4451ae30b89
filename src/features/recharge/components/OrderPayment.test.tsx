import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { swrFetcher } from '@/lib/api';
import { loadNamespaces } from '@/lib/i18n';
import { onUiEvent } from '@/lib/ui-events';
import { stubFetch } from '@/test/fetch';
import { logIn } from '@/test/user';
import type { OrderRow } from '@common/api-types';
import Checkout from './Checkout';
import LatestOrders from './LatestOrders';
import OrderPayment from './OrderPayment';

const user = { phone: '13800138000', memberLevel: 1, memberLevelDesc: '普通会员', integral: 100, memberDeadline: null, avatar: null };
const goods = { id: 1, type: 'integral' as const, name: '1000 积分', price: 10000, points: 1000 };
const pending: OrderRow = {
  orderNo: '20260301100000123456',
  goodsName: '1000 积分',
  type: 'integral',
  status: 'pending',
  statusText: '待支付',
  amount: 10000,
  payType: 1,
  payTypeText: '支付宝',
  createdAt: '2026-03-01T02:00:00.000Z',
  paidAt: null,
  expiresAt: '2026-03-01T02:30:00.000Z',
  goods,
  pay: { kind: 'online', provider: 'sandbox', sandboxUrl: '/api/pay/sandbox/20260301100000123456/confirm' },
};

/** What pay/types answers in these tests unless a test says otherwise. */
const offering = (...codes: number[]) => ({
  body: { success: true, data: codes.map((payType) => ({ payType, payTypeText: String(payType) })) },
});
const ALL_PAY_TYPES = [1, 2, 3, 4, 6, 9];

const fresh = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ fetcher: swrFetcher, provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

beforeAll(async () => {
  await loadNamespaces('recharge');
});
beforeEach(() => {
  logIn(user, 't1');
});

describe('<OrderPayment>', () => {
  it('sandbox: pays through pay.sandboxUrl, then shows the credited points and the new balance from the refreshed user', async () => {
    const { requests } = stubFetch(({ url, method }) => {
      if (method === 'POST' && url.startsWith('/api/pay/sandbox/')) {
        return {
          body: {
            success: true,
            data: { ...pending, status: 'paid', statusText: '已支付', paidAt: '2026-03-01T02:01:00.000Z', changed: true },
          },
        };
      }
      if (url.startsWith('/api/user/user-data')) return { body: { success: true, data: { ...user, integral: 1100 } } };
      return { body: { success: true, data: pending } };
    });
    render(<OrderPayment order={pending} />, { wrapper: fresh });
    expect(screen.getByTestId('order-no').textContent).toBe(pending.orderNo);
    fireEvent.click(screen.getByTestId('sandbox-pay'));
    await waitFor(() => expect(screen.getByTestId('pay-success').textContent).toBe('支付成功，已到账 1,000 积分，当前余额 1,100 积分'));
    const confirm = requests.find((r) => r.method === 'POST');
    expect(confirm?.url).toBe('/api/pay/sandbox/20260301100000123456/confirm');
    expect(confirm?.headers['t-token']).toBe('t1');
    expect(requests.some((r) => r.url === '/api/user/user-data')).toBe(true);
  });

  it('polls a pending collect order until staff confirm it, showing the QR and the order number to write as remark', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const collect: OrderRow = {
      ...pending,
      payType: 3,
      payTypeText: '支付宝转账',
      pay: { kind: 'collect', transferRemark: pending.orderNo, alipayCollectQr: '/service/alipay-collect-qr.svg' },
    };
    let paid = false;
    const { requests } = stubFetch(({ url }) => {
      if (url.startsWith('/api/order/detail'))
        return { body: { success: true, data: paid ? { ...collect, status: 'paid', pay: undefined } : collect } };
      return { body: { success: true, data: { ...user, integral: 1100 } } };
    });
    render(<OrderPayment order={collect} />, { wrapper: fresh });
    expect(screen.getByTestId('transfer-remark').textContent).toContain(pending.orderNo);
    expect(screen.getByAltText('收款二维码').getAttribute('src')).toBe('/service/alipay-collect-qr.svg');
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(requests.filter((r) => r.url.startsWith('/api/order/detail?orderNo=20260301100000123456'))).not.toHaveLength(0);
    expect(screen.queryByTestId('pay-success')).toBeNull();
    paid = true;
    await act(() => vi.advanceTimersByTimeAsync(2100));
    await waitFor(() => expect(screen.getByTestId('pay-success').textContent).toContain('当前余额 1,100 积分'));
    vi.useRealTimers();
  });

  it('paying refreshes the latest orders (the same order list as /recharge/record)', async () => {
    let paid = false;
    stubFetch(({ url, method }) => {
      if (method === 'POST' && url.startsWith('/api/pay/sandbox/')) {
        paid = true;
        return { body: { success: true, data: { ...pending, status: 'paid', statusText: '已支付', changed: true } } };
      }
      if (url.startsWith('/api/order/list')) {
        const row = paid ? { ...pending, status: 'paid', statusText: '已支付' } : pending;
        return { body: { success: true, data: { list: [row], total: 1, page: 1, pageSize: 5 } } };
      }
      if (url.startsWith('/api/user/user-data')) return { body: { success: true, data: { ...user, integral: 1100 } } };
      return { body: { success: true, data: pending } };
    });
    render(
      <>
        <LatestOrders />
        <OrderPayment order={pending} />
      </>,
      { wrapper: fresh },
    );
    // The table's code loads lazily: the list is there once it has.
    const latest = await screen.findByTestId('latest-orders');
    await waitFor(() => expect(latest.textContent).toContain('待支付'));
    fireEvent.click(screen.getByTestId('sandbox-pay'));
    await waitFor(() => expect(screen.getByTestId('pay-success')).toBeTruthy());
    expect(latest.textContent).toContain('已支付');
    expect(latest.textContent).not.toContain('待支付');
  });

  it('contact staff: a new order opens the 运营咨询 dialog once, and again from its button', async () => {
    const staff: OrderRow = { ...pending, payType: 9, pay: { kind: 'staff', transferRemark: pending.orderNo } };
    stubFetch(({ url }) => (url === '/api/pay/types' ? offering(...ALL_PAY_TYPES) : { body: { success: true, data: staff } }));
    const opened = vi.fn();
    const off = onUiEvent('service', opened);
    render(<Checkout goods={goods} />, { wrapper: fresh });
    fireEvent.click(await screen.findByRole('radio', { name: '联系客服' }));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(screen.getByTestId('staff-pay')).toBeTruthy());
    expect(opened).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('contact-staff'));
    expect(opened).toHaveBeenCalledTimes(2);
    off();
  });

  it('an expired order offers to start again', () => {
    stubFetch(() => ({ body: { success: true, data: pending } }));
    const restart = vi.fn();
    render(<OrderPayment order={{ ...pending, status: 'expired', statusText: '已过期' }} onRestart={restart} />, { wrapper: fresh });
    expect(screen.getByTestId('pay-expired').textContent).toBe('订单已过期，请重新下单');
    fireEvent.click(screen.getByRole('button', { name: /重新下单/ }));
    expect(restart).toHaveBeenCalled();
  });
});

describe('<Checkout>', () => {
  it('creates the order with the chosen goods and pay method (never an amount), then shows how to pay', async () => {
    const bank: OrderRow = {
      ...pending,
      payType: 6,
      pay: { kind: 'collect', transferRemark: pending.orderNo, bankAccount: '招商银行 6214' },
    };
    const { requests } = stubFetch(({ url }) =>
      url === '/api/pay/types' ? offering(...ALL_PAY_TYPES) : { body: { success: true, data: bank } },
    );
    render(<Checkout goods={goods} />, { wrapper: fresh });
    expect(screen.getByTestId('checkout').textContent).toContain('已选：1,000 积分，应付 ¥100.00');
    fireEvent.click(await screen.findByRole('radio', { name: '银行卡转账' }));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(screen.getByTestId('bank-account').textContent).toBe('招商银行 6214'));
    expect(requests.find((r) => r.url === '/api/order/create')?.body).toEqual({ goodsId: 1, payType: 6, scene: 'qr' });
  });

  it('offers only the pay types the server offers, the first one chosen; none: a warning and no pay button', async () => {
    stubFetch(({ url }) => (url === '/api/pay/types' ? offering(2, 6, 9) : { body: { success: true, data: pending } }));
    const { unmount } = render(<Checkout goods={goods} />, { wrapper: fresh });
    await waitFor(() =>
      expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['微信支付', '银行卡转账', '联系客服']),
    );
    expect((screen.getByRole('radio', { name: '微信支付' }) as HTMLInputElement).checked).toBe(true);
    unmount();
    stubFetch(({ url }) => (url === '/api/pay/types' ? offering() : { body: { success: true, data: pending } }));
    render(<Checkout goods={goods} />, { wrapper: fresh });
    await waitFor(() => expect(screen.getByText('暂无可用的支付方式，请联系客服')).toBeTruthy());
    expect(screen.getByTestId('checkout-pay').hasAttribute('disabled')).toBe(true);
  });

  it('更换支付方式 cancels the pending order and goes back to the choice', async () => {
    const alipay: OrderRow = { ...pending, pay: { kind: 'online', provider: 'alipay', qrCode: 'https://qr.alipay.com/abc' } };
    const { requests } = stubFetch(({ url }) => {
      if (url === '/api/pay/types') return offering(1, 2);
      if (url === '/api/order/cancel')
        return { body: { success: true, data: { ...alipay, status: 'cancelled', statusText: '已取消', pay: undefined } } };
      return { body: { success: true, data: alipay } };
    });
    const onOrder = vi.fn();
    render(<Checkout goods={goods} onOrder={onOrder} />, { wrapper: fresh });
    await screen.findByRole('radio', { name: '支付宝' });
    fireEvent.click(screen.getByTestId('checkout-pay'));
    fireEvent.click(await screen.findByTestId('order-change-method'));
    await waitFor(() => expect(screen.getByTestId('pay-methods')).toBeTruthy());
    expect(requests.find((r) => r.url === '/api/order/cancel')?.body).toEqual({ orderNo: pending.orderNo });
    expect(onOrder).toHaveBeenLastCalledWith(null);
  });
});

describe('online payment through a gateway', () => {
  const alipay: OrderRow = {
    ...pending,
    expiresAt: new Date(Date.now() + 29 * 60_000 + 30_000).toISOString(),
    pay: { kind: 'online', provider: 'alipay', qrCode: 'https://qr.alipay.com/abc' },
  };

  it('renders the QR code with the amount and the time left', async () => {
    stubFetch(() => ({ body: { success: true, data: alipay } }));
    render(<OrderPayment order={alipay} />, { wrapper: fresh });
    const block = screen.getByTestId('online-pay');
    expect(block.getAttribute('data-pay-code')).toBe('https://qr.alipay.com/abc');
    expect(block.textContent).toContain('请使用支付宝扫码付款');
    expect(block.textContent).toContain('应付金额：¥100.00');
    expect(block.textContent).toMatch(/剩余支付时间29:[23]\d/);
    // the code is drawn once the view has painted
    await waitFor(() => expect(block.querySelector('canvas')).not.toBeNull());
  });

  it('取消订单 cancels at the server and shows the cancelled order', async () => {
    const { requests } = stubFetch(({ url }) =>
      url === '/api/order/cancel'
        ? { body: { success: true, data: { ...alipay, status: 'cancelled', statusText: '已取消', pay: undefined } } }
        : { body: { success: true, data: alipay } },
    );
    render(<OrderPayment order={alipay} />, { wrapper: fresh });
    expect(screen.queryByTestId('order-change-method')).toBeNull(); // nothing to go back to here
    fireEvent.click(screen.getByTestId('order-cancel'));
    await waitFor(() => expect(screen.getByTestId('pay-expired').textContent).toBe('订单已取消，请重新下单'));
    expect(requests.filter((r) => r.url === '/api/order/cancel').map((r) => r.body)).toEqual([{ orderNo: pending.orderNo }]);
  });

  it('a double click on 取消订单 (before the button shows it is busy) sends one cancel', async () => {
    const { requests } = stubFetch(({ url }) =>
      url === '/api/order/cancel'
        ? { body: { success: true, data: { ...alipay, status: 'cancelled', statusText: '已取消', pay: undefined } } }
        : { body: { success: true, data: alipay } },
    );
    render(<OrderPayment order={alipay} />, { wrapper: fresh });
    const button = screen.getByTestId('order-cancel');
    act(() => {
      button.click();
      button.click();
    });
    await screen.findByTestId('pay-expired');
    expect(requests.filter((r) => r.url === '/api/order/cancel')).toHaveLength(1);
  });
});
