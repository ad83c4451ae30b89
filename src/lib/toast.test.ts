/** Toasts stay 3 seconds and sit 65px below the top of the safe area (the notch of an installed app). */
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastError, toastSuccess } from './toast';

const notice = (text: string) => [...document.querySelectorAll('.ant-message-notice')].find((n) => n.textContent === text);
/** antd starts the leave motion when a notice's time is up (happy-dom never ends the motion). */
const leaving = (text: string) => notice(text)?.classList.contains('ant-message-fade-leave') ?? false;

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('show the text 65px from the top, and leave after 3 seconds, not before', async () => {
    toastError('请求错误');
    // the first toast loads antd's message code: more than waitFor's default second on a busy machine
    await waitFor(() => expect(notice('请求错误')).toBeDefined(), { timeout: 10_000 });
    // antd 6 places the list through this variable (the offset a browser computes is for e2e)
    expect((document.querySelector('.ant-message') as HTMLElement).style.getPropertyValue('--notification-top')).toBe(
      'calc(65px + env(safe-area-inset-top, 0px))',
    );

    vi.useFakeTimers();
    toastSuccess('密码已修改成功');
    await vi.advanceTimersByTimeAsync(50);
    expect(notice('密码已修改成功')).toBeDefined();
    await vi.advanceTimersByTimeAsync(2_800);
    expect(leaving('密码已修改成功')).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    expect(leaving('密码已修改成功')).toBe(true);
  });

  it('show one notice for the same text asked twice (two requests failing offline)', async () => {
    toastError('当前处于离线状态，请连接网络后重试');
    toastError('当前处于离线状态，请连接网络后重试');
    await waitFor(() => expect(notice('当前处于离线状态，请连接网络后重试')).toBeDefined(), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      [...document.querySelectorAll('.ant-message-notice')].filter((n) => n.textContent === '当前处于离线状态，请连接网络后重试'),
    ).toHaveLength(1);
  });
});
