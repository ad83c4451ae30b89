/**
 * SmsCodeButton: the send-code button.
 * - Idle: "获取短信验证码". Click with a phone present -> POST /api/user/send-sms-code {phone, type}.
 * - Success: disabled, counts down from 60 once a second showing "{n}秒后重新获取"; at 0 back to idle.
 * - Failure: only logged; the button stays idle and enabled (no toast).
 * - No phone: no request; `onMissingPhone` lets the form point at the phone field.
 * Props: `phone`, `type` (1 default, 3 password change/reset, 4 account deletion), `onMissingPhone?`, `onSent?`, `block?`, `size?`.
 * A PlainButton (antd look, no antd code), so the visitor screens stay light.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import PlainButton from '@/components/PlainButton';
import { apiPost } from '@/lib/api';
import * as routes from '@common/routes';

export const SMS_COUNTDOWN_SECONDS = 60;

export interface SmsCodeButtonProps {
  phone: string | undefined | null;
  type: 1 | 3 | 4;
  onMissingPhone?: () => void;
  onSent?: () => void;
  block?: boolean;
  size?: 'middle' | 'large';
}

export default function SmsCodeButton({ phone, type, onMissingPhone, onSent, block, size = 'middle' }: SmsCodeButtonProps) {
  const { t } = useTranslation('common');
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const send = async () => {
    const value = phone?.trim();
    if (!value) {
      onMissingPhone?.();
      return;
    }
    setSending(true);
    try {
      await apiPost(routes.userSendSmsCode, { phone: value, type }, { silent: true });
      if (!mounted.current) return;
      setSeconds(SMS_COUNTDOWN_SECONDS);
      onSent?.();
    } catch (error) {
      console.warn('send sms code failed', error);
    } finally {
      if (mounted.current) setSending(false);
    }
  };

  const counting = seconds > 0;
  return (
    <PlainButton
      onClick={send}
      disabled={counting}
      loading={sending}
      block={block}
      size={size}
      className="sms-code-button"
      data-testid="sms-code-button"
    >
      {counting ? t('sms.countdown', { n: seconds }) : t('sms.send')}
    </PlainButton>
  );
}
