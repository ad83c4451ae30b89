/** A failure loading the user info or the service info is only logged, never toasted. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch';

vi.mock('@/lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

import * as toast from '@/lib/toast';
import { refreshCurrentUser, setSession } from '@/lib/session';
import { testUser } from '@/test/user';
import { refreshServiceInfo } from './service-info';

describe('background loads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('log a failed user-info or service-info request and show no toast', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { requests } = stubFetch(() => ({ status: 500, body: { success: false, message: '服务器错误' } }));
    setSession('token-1', testUser);

    await expect(refreshServiceInfo()).resolves.toBeUndefined();
    await expect(refreshCurrentUser()).resolves.toBeUndefined();

    expect(requests.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/wechat/qr-code', '/api/user/user-data']));
    expect(toast.toastError).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('refresh service info failed', expect.anything());
    expect(warn).toHaveBeenCalledWith('refresh user info failed', expect.anything());
  });
});
