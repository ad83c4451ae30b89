/**
 * /login (product §6): phone + password; links to /register and /find-pwd. After login go to the
 * page the visitor first asked for, else /. A `?invite=` query (the servers' 302 for /smi|/sui) is kept.
 */
import { useEffect, useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { rememberInvite, setSession, takeRedirect } from '@/lib/session';
import { pwdLogin } from '../api';
import { PhoneField } from '../components/AuthFields';
import AuthCard from './AuthCard';

interface LoginForm {
  phone: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const [, navigate] = useLocation();
  const search = useSearch();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const invite = new URLSearchParams(search).get('invite');
    if (invite) rememberInvite(invite);
  }, [search]);

  const submit = async ({ phone, password }: LoginForm) => {
    setSubmitting(true);
    try {
      const { token, user } = await pwdLogin(phone, password);
      setSession(token, user);
      navigate(takeRedirect(), { replace: true });
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title={t('login.title')}
      footer={
        <>
          <Link href="/register" data-testid="to-register">
            {t('login.toRegister')}
          </Link>
          <Link href="/find-pwd" data-testid="to-find-pwd">
            {t('login.toFindPwd')}
          </Link>
        </>
      }
    >
      <Form<LoginForm> layout="vertical" onFinish={submit} requiredMark={false} data-testid="login-form">
        <PhoneField autoComplete="username" />
        <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('passwordRequired') }]}>
          <Input.Password placeholder={t('passwordPlaceholder')} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
