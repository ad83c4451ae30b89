import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { swrFetcher } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { loadNamespaces } from '@/lib/i18n';
import { reloadSessionFromStorage, setSession } from '@/lib/session';
import { stubFetch } from '@/test/fetch';
import { testUser } from '@/test/user';
import type { Device } from '../api';
import DeviceList from './DeviceList';

const fresh = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ fetcher: swrFetcher, provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

const device = (over: Partial<Device>): Device => ({
  id: 1,
  browser: 'chrome',
  browserVersion: '140',
  os: 'windows',
  mobile: false,
  ip: '203.0.113.9',
  createdAt: '2026-03-01T02:00:00.000Z',
  lastSeenAt: '2026-03-01T02:00:00.000Z',
  current: false,
  ...over,
});

beforeAll(async () => {
  await loadNamespaces('user');
});
beforeEach(() => {
  sessionStorage.clear();
  reloadSessionFromStorage();
  setSession('t1', testUser);
});

describe('<DeviceList>', () => {
  it('lists the devices in Chinese with this one marked, and signs out one or all others', async () => {
    let devices = [
      device({ id: 1, current: true, lastSeenAt: '2026-03-01T04:05:06.000Z' }),
      device({ id: 2, browser: 'wechat', browserVersion: '8', os: 'android', mobile: true, ip: '' }),
      device({ id: 3, browser: 'safari', browserVersion: '18', os: 'ios' }),
    ];
    const { requests } = stubFetch(({ url, method, body }) => {
      if (method === 'POST' && url === '/api/user/devices/logout') {
        devices = devices.filter((d) => d.id !== (body as { id: number }).id);
        return { body: { success: true, data: {} } };
      }
      if (method === 'POST' && url === '/api/user/devices/logout-others') {
        const count = devices.filter((d) => !d.current).length;
        devices = devices.filter((d) => d.current);
        return { body: { success: true, data: { count } } };
      }
      return { body: { success: true, data: devices } };
    });
    render(<DeviceList />, { wrapper: fresh });
    await waitFor(() => expect(screen.getAllByTestId('device')).toHaveLength(3));
    const rows = screen.getAllByTestId('device').map((row) => row.textContent);
    expect(rows[0]).toContain('Chrome 140 · Windows');
    expect(rows[0]).toContain('本机');
    expect(rows[0]).toContain('地址：203.0.113.9');
    expect(rows[0]).toContain(`最近使用：${formatDateTime('2026-03-01T04:05:06.000Z')}`);
    expect(rows[1]).toContain('微信 8 · Android');
    expect(rows[1]).toContain('地址：--');
    expect(screen.getAllByTestId('device-current')).toHaveLength(1);
    // this device cannot be signed out from here (退出登录 does that)
    expect(screen.getAllByTestId('device-logout')).toHaveLength(2);

    fireEvent.click(screen.getAllByTestId('device-logout')[0]!);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.getAllByTestId('device')).toHaveLength(2));
    expect(requests.find((r) => r.url === '/api/user/devices/logout')?.body).toEqual({ id: 2 });

    fireEvent.click(screen.getByTestId('devices-logout-others'));
    const confirms = await screen.findAllByRole('button', { name: /确\s*定/ });
    fireEvent.click(confirms[confirms.length - 1]!);
    await waitFor(() => expect(screen.getAllByTestId('device')).toHaveLength(1));
    expect(screen.queryByTestId('devices-logout-others')).toBeNull();
  }, 30_000);
});
