/**
 * /login (product §6): phone + password; links to /register and /find-pwd. After login go to the
 * page the visitor first asked for, else /. A `?invite=` query (the servers' 302 for /smi|/sui) is kept.
 *
 * Built with native inputs and PlainButton (styled like antd's) instead of antd Form/Input/Button: /login is the first page
 * most people load, and antd's form stack alone would cost ~55 KB gzipped of JS there.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import PlainButton from '@/components/PlainButton';
import { rememberInvite, setSession, takeRedirect } from '@/lib/session';
import { isMobilePhone } from '@/lib/validators';
import { pwdLogin } from '../api';
import AuthCard from './AuthCard';

interface LoginErrors {
  phone?: string;
  password?: string;
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const [, navigate] = useLocation();
  const search = useSearch();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const invite = new URLSearchParams(search).get('invite');
    if (invite) rememberInvite(invite);
  }, [search]);

  const validate = (): LoginErrors => ({
    phone: !phone ? t('phoneRequired') : isMobilePhone(phone) ? undefined : t('phoneInvalid'),
    password: password ? undefined : t('passwordRequired'),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (found.phone || found.password) return;
    setSubmitting(true);
    try {
      const result = await pwdLogin(phone, password);
      setSession(result.token, result.user);
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
      <form className="plain-form" onSubmit={submit} noValidate data-testid="login-form">
        <label className="plain-field">
          <span className="plain-label">{t('phone')}</span>
          <input
            className={errors.phone ? 'plain-input invalid' : 'plain-input'}
            name="phone"
            value={phone}
            onChange={(event) => setPhone(event.target.value.trim())}
            placeholder={t('phonePlaceholder')}
            inputMode="numeric"
            maxLength={11}
            autoComplete="username"
            aria-invalid={Boolean(errors.phone)}
          />
          {errors.phone && <span className="plain-error">{errors.phone}</span>}
        </label>
        <label className="plain-field">
          <span className="plain-label">{t('password')}</span>
          <input
            className={errors.password ? 'plain-input invalid' : 'plain-input'}
            name="password"
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            placeholder={t('passwordPlaceholder')}
            autoComplete="current-password"
            aria-invalid={Boolean(errors.password)}
          />
          {errors.password && <span className="plain-error">{errors.password}</span>}
        </label>
        <PlainButton variant="primary" type="submit" block size="large" loading={submitting}>
          {t('login.submit')}
        </PlainButton>
      </form>
    </AuthCard>
  );
}
