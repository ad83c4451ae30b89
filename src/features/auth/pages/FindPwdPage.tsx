/** /find-pwd: phone, SMS code (type 3), new password, confirm; then back to /login. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import PlainButton from '@/components/PlainButton';
import { toastSuccess } from '@/lib/toast';
import { resetPassword } from '../api';
import CredentialFields, { EMPTY_CREDENTIALS, validateCredentials, type CredentialValues } from '../components/CredentialFields';
import { checkPhone, hasErrors, recheck, type FieldErrors } from '../validate';
import AuthCard from './AuthCard';

export default function FindPwdPage() {
  const { t } = useTranslation('auth');
  const [, navigate] = useLocation();
  const [values, setValues] = useState<CredentialValues>(EMPTY_CREDENTIALS);
  const [errors, setErrors] = useState<FieldErrors<keyof CredentialValues>>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCredentials(t, values);
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    try {
      await resetPassword(values.phone, values.password, values.verifyCode);
      toastSuccess(t('findPwd.success'));
      navigate('/login', { replace: true });
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title={t('findPwd.title')}
      footer={
        <Link href="/login" data-testid="to-login">
          {t('findPwd.toLogin')}
        </Link>
      }
    >
      {/* post: sent before the app has started (the prerendered HTML), the password stays out of the URL; the servers answer 303 back to the page */}
      <form className="plain-form" method="post" onSubmit={submit} noValidate data-testid="find-pwd-form">
        <CredentialFields
          values={values}
          errors={errors}
          onChange={(patch) => {
            const next = { ...values, ...patch };
            setValues(next);
            setErrors((shown) => recheck(shown, validateCredentials(t, next)));
          }}
          onPhoneMissing={() => setErrors((e) => ({ ...e, phone: checkPhone(t, values.phone) }))}
          smsType={3}
          passwordLabel={t('newPassword')}
        />
        <PlainButton variant="primary" type="submit" block size="large" loading={submitting}>
          {t('findPwd.submit')}
        </PlainButton>
      </form>
    </AuthCard>
  );
}
