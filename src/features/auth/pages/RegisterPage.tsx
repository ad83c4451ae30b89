/**
 * /register: phone, SMS code (send-code button, type 1), password (8-32 letters and
 * digits), confirm, invite code (pre-filled from /smi|/sui), one agreement checkbox naming both
 * documents: the 用户服务协议 readable in a dialog, the 隐私政策 (/privacy) in a new tab so the form
 * keeps what was typed. The server stores the policy version agreed with the account. Success logs in and
 * goes to the page first asked for, else /.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import PlainButton from '@/components/PlainButton';
import { useClientValue } from '@/lib/client-value';
import { peekInvite, setSession, takeInvite, takeRedirect } from '@/lib/session';
import { register } from '../api';
import CredentialFields, { EMPTY_CREDENTIALS, validateCredentials, type CredentialValues } from '../components/CredentialFields';
import AgreementDialog from '../components/AgreementDialog';
import PlainField from '../components/PlainField';
import { checkPhone, hasErrors, recheck, type FieldErrors } from '../validate';
import AuthCard from './AuthCard';

type RegisterErrors = FieldErrors<keyof CredentialValues | 'agree'>;

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const [, navigate] = useLocation();
  const [values, setValues] = useState<CredentialValues>(EMPTY_CREDENTIALS);
  // The invite this tab remembered, until the visitor edits the field (the prerendered page has none).
  const remembered = useClientValue(peekInvite, '');
  const [typedInvite, setInviteCode] = useState<string | null>(null);
  const inviteCode = typedInvite ?? remembered;
  const [agree, setAgree] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: RegisterErrors = { ...validateCredentials(t, values), agree: agree ? undefined : t('register.agreeRequired') };
    setErrors(found);
    if (hasErrors(found)) return;
    setSubmitting(true);
    try {
      const code = inviteCode.trim();
      const { token, user } = await register({
        phone: values.phone,
        password: values.password,
        verifyCode: values.verifyCode,
        ...(code ? { inviteCode: code } : {}),
      });
      takeInvite();
      setSession(token, user);
      navigate(takeRedirect(), { replace: true });
    } catch {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title={t('register.title')}
      footer={
        <Link href="/login" data-testid="to-login">
          {t('register.toLogin')}
        </Link>
      }
    >
      {/* post: sent before the app has started (the prerendered HTML), the password stays out of the URL; the servers answer 303 back to the page */}
      <form className="plain-form" method="post" onSubmit={submit} noValidate data-testid="register-form">
        <CredentialFields
          values={values}
          errors={errors}
          onChange={(patch) => {
            const next = { ...values, ...patch };
            setValues(next);
            setErrors((shown) => recheck(shown, validateCredentials(t, next)));
          }}
          onPhoneMissing={() => setErrors((e) => ({ ...e, phone: checkPhone(t, values.phone) }))}
          smsType={1}
          passwordLabel={t('password')}
        />
        <PlainField
          label={t('inviteCode')}
          name="inviteCode"
          value={inviteCode}
          onChange={(event) => setInviteCode(event.target.value)}
          placeholder={t('inviteCodePlaceholder')}
          maxLength={32}
        />
        <div className="plain-field">
          <div className="plain-check-row">
            <label className="plain-check">
              <input
                type="checkbox"
                checked={agree}
                onChange={(event) => setAgree(event.target.checked)}
                aria-invalid={Boolean(errors.agree)}
              />
              <span>{t('register.agree')}</span>
            </label>
            <button type="button" className="plain-link" onClick={() => setAgreementOpen(true)} data-testid="open-agreement">
              {t('register.agreementLink')}
            </button>
            <span>{t('register.and')}</span>
            <a className="plain-link" href="/privacy" target="_blank" rel="noopener" data-testid="open-privacy">
              {t('register.privacyLink')}
            </a>
          </div>
          {errors.agree && (
            <span className="plain-error" role="alert">
              {errors.agree}
            </span>
          )}
        </div>
        <PlainButton variant="primary" type="submit" block size="large" loading={submitting}>
          {t('register.submit')}
        </PlainButton>
      </form>
      <AgreementDialog open={agreementOpen} onClose={() => setAgreementOpen(false)} />
    </AuthCard>
  );
}
