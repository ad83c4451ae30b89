import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch';
import { logIn } from '@/test/user';
import { mutate } from 'swr';
import { reloadSessionFromStorage } from '@/lib/session';
import App from './App';

const user = {
  phone: '13800138000',
  memberLevel: 3,
  memberLevelDesc: '黄金会员',
  integral: 10000,
  memberDeadline: null,
  avatar: null,
  inviteCode: 'ABC123',
};

function api() {
  return stubFetch(({ url }) => {
    if (url.startsWith('/api/Announcement/get')) return { body: { success: true, data: { content: '' } } };
    if (url.startsWith('/api/user/user-data')) return { body: { success: true, data: user } };
    if (url.startsWith('/api/user/recommend/list')) return { body: { success: true, data: { list: [], total: 0, page: 1, pageSize: 10 } } };
    return { body: { success: true, data: null } };
  });
}

function open(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

describe('app routes and guard', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    reloadSessionFromStorage();
    await mutate(() => true, undefined, { revalidate: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  // First: SWR dedupes a key for 2 s across renders, so this must run before other user-data fetches.
  it('shows the logged-in top bar with the balance from user-data', { timeout: 30_000 }, async () => {
    logIn({ ...user, integral: 5 }, 't');
    const { requests } = api();
    open('/user/center');
    // the top bar's user area is a lazy chunk: on a busy machine it takes more than waitFor's default second
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toContain('10,000'), { timeout: 15_000 });
    expect(requests.some((r) => r.url === '/api/user/user-data' && r.headers['t-token'] === 't')).toBe(true);
    expect(await screen.findByTestId('masked-phone')).toBeTruthy();
    expect(screen.getByTestId('masked-phone').textContent).toBe('138****8000');
  });

  it('asks staff who have not agreed to the privacy policy in the console too', { timeout: 30_000 }, async () => {
    const staff = { ...user, consoleRole: 'operator' as const, privacyVersion: null };
    logIn(staff, 't');
    stubFetch(({ url }) => {
      if (url.startsWith('/api/user/user-data')) return { body: { success: true, data: staff } };
      return { status: 404, body: { success: false, message: 'not stubbed' } };
    });
    open('/admin');
    expect(await screen.findByRole('region', { name: '隐私政策已更新' }, { timeout: 15_000 })).toBeTruthy();
  });

  it('sends a visitor from a private page to /login and back there after login', async () => {
    api();
    open('/plan/list?status=running');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/plan/list?status=running');
    expect(await screen.findByTestId('login-form')).toBeTruthy();
  });

  it('lets a visitor open /register and /find-pwd', async () => {
    api();
    open('/register');
    expect(await screen.findByTestId('register-form')).toBeTruthy();
    expect(window.location.pathname).toBe('/register');
  });

  it('keeps the invite id of /sui/{id} and replaces the route with /login', async () => {
    api();
    open('/sui/INV42');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem('inviteCode')).toBe('INV42');
  });

  it('redirects /flow to /flow/tb, /plan to /plan/list, /recharge to /recharge/integral for a logged-in user', async () => {
    logIn(user, 't');
    api();
    open('/flow');
    await waitFor(() => expect(window.location.pathname).toBe('/flow/tb'));
    act(() => window.history.pushState(null, '', '/plan'));
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(window.location.pathname).toBe('/plan/list'));
    act(() => window.history.pushState(null, '', '/recharge'));
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(window.location.pathname).toBe('/recharge/integral'));
  });

  it('the platform switch marks the tapped platform, then the route and the page follow it', async () => {
    logIn(user, 't');
    api();
    open('/flow/tb');
    const switcher = await screen.findByTestId('platform-switch', {}, { timeout: 15_000 });
    const jd = within(switcher).getByRole('radio', { name: '京东' });
    await act(async () => {
      fireEvent.click(jd);
    });
    expect((jd as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(window.location.pathname).toBe('/flow/jd'));
    await waitFor(() => expect(document.querySelector('[data-flow-type="jd"]')).not.toBeNull());
    expect((within(screen.getByTestId('platform-switch')).getByRole('radio', { name: '京东' }) as HTMLInputElement).checked).toBe(true);
  });
});
