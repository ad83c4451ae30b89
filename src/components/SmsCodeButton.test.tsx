import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch';

vi.mock('@/lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

import * as toast from '@/lib/toast';
import SmsCodeButton from './SmsCodeButton';

const button = () => screen.getByTestId('sms-code-button') as HTMLButtonElement;

async function flush() {
  // let the fetch promise chain and React state updates settle under fake timers
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

describe('SmsCodeButton', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends {phone, type}, then counts down from 60 once a second and returns to idle at 0', async () => {
    const { requests } = stubFetch(() => ({ body: { success: true, data: {} } }));
    render(<SmsCodeButton phone="13800138000" type={3} />);
    expect(button().textContent).toBe('获取短信验证码');

    fireEvent.click(button());
    await flush();

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: '/api/user/send-sms-code', method: 'POST', body: { phone: '13800138000', type: 3 } });
    expect(requests[0].headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(button().textContent).toBe('60秒后重新获取');
    expect(button().disabled).toBe(true);

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button().textContent).toBe('59秒后重新获取');

    // clicking while counting down sends nothing
    fireEvent.click(button());
    await flush();
    expect(requests).toHaveLength(1);

    for (let i = 0; i < 58; i++) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(button().textContent).toBe('1秒后重新获取');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button().textContent).toBe('获取短信验证码');
    expect(button().disabled).toBe(false);
  });

  it('on failure stays idle and enabled, shows no toast, only logs', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch(() => ({ status: 429, body: { success: false, message: '发送过于频繁，请稍后再试' } }));
    render(<SmsCodeButton phone="13800138000" type={1} />);
    fireEvent.click(button());
    await flush();
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(button().textContent).toBe('获取短信验证码');
    expect(button().disabled).toBe(false);
    expect(toast.toastError).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
  });

  it('makes no request without a phone number', async () => {
    const { requests } = stubFetch(() => ({ body: { success: true } }));
    const onMissingPhone = vi.fn();
    render(<SmsCodeButton phone="  " type={1} onMissingPhone={onMissingPhone} />);
    fireEvent.click(button());
    await flush();
    expect(requests).toHaveLength(0);
    expect(onMissingPhone).toHaveBeenCalledTimes(1);
    expect(button().textContent).toBe('获取短信验证码');
  });
});
