/**
 * /login: phone + password; links to /register and /find-pwd. After login go to the
 * page the visitor first asked for, else /. A `?invite=` query (the servers' 302 for /smi|/sui) is kept.
 * Plain form controls (see PlainField) to keep the most visited first page small.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import PlainButton from '@/components/PlainButton';
import { rememberInvite, setSession, takeRedirect } from '@/lib/session';
import { pwdLogin } from '../api';
import PlainField, { PhoneField } from '../components/PlainField';
import { checkPhone, hasErrors, recheck, type FieldErrors } from '../validate';
import AuthCard from './AuthCard';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const [, navigate] = useLocation();
  const search = useSearch();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'phone' | 'password'>>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const invite = new URLSearchParams(search).get('invite');
    if (invite) rememberInvite(invite);
  }, [search]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { phone: checkPhone(t, phone), password: password ? undefined : t('passwordRequired') };
    setErrors(found);
    if (hasErrors(found)) return;
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
      {/* post: sent before the app has started (the prerendered HTML), the password stays out of the URL; the servers answer 303 back to the page */}
      <form className="plain-form" method="post" onSubmit={submit} noValidate data-testid="login-form">
        <PhoneField
          label={t('phone')}
          placeholder={t('phonePlaceholder')}
          value={phone}
          error={errors.phone}
          onValue={(next) => {
            setPhone(next);
            setErrors((shown) => recheck(shown, { phone: checkPhone(t, next), password: shown.password }));
          }}
          autoComplete="username"
        />
        <PlainField
          label={t('password')}
          error={errors.password}
          name="password"
          type="password"
          value={password}
          onChange={(event) => {
            const next = event.target.value;
            setPassword(next);
            setErrors((shown) => recheck(shown, { phone: shown.phone, password: next ? undefined : t('passwordRequired') }));
          }}
          placeholder={t('passwordPlaceholder')}
          autoComplete="current-password"
        />
        <PlainButton variant="primary" type="submit" block size="large" loading={submitting}>
          {t('login.submit')}
        </PlainButton>
      </form>
    </AuthCard>
  );
}
