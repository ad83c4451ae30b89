/**
 * The fields /register and /find-pwd share: phone, SMS code with the send-code button (type 1 or 3),
 * new password and its confirmation. Controlled: the page owns `values` and `errors`.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import SmsCodeButton from '@/components/SmsCodeButton';
import { checkCode, checkConfirm, checkNewPassword, checkPhone, type FieldErrors } from '../validate';
import PlainField, { PhoneField } from './PlainField';

export interface CredentialValues {
  phone: string;
  verifyCode: string;
  password: string;
  confirm: string;
}

export const EMPTY_CREDENTIALS: CredentialValues = { phone: '', verifyCode: '', password: '', confirm: '' };

export function validateCredentials(t: TFunction, v: CredentialValues): FieldErrors<keyof CredentialValues> {
  return {
    phone: checkPhone(t, v.phone),
    verifyCode: checkCode(t, v.verifyCode),
    password: checkNewPassword(t, v.password),
    confirm: checkConfirm(t, v.password, v.confirm),
  };
}

export interface CredentialFieldsProps {
  values: CredentialValues;
  errors: FieldErrors<keyof CredentialValues>;
  onChange: (patch: Partial<CredentialValues>) => void;
  onPhoneMissing: () => void;
  smsType: 1 | 3;
  passwordLabel: string;
}

export default function CredentialFields({ values, errors, onChange, onPhoneMissing, smsType, passwordLabel }: CredentialFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PhoneField
        label={t('phone')}
        placeholder={t('phonePlaceholder')}
        value={values.phone}
        error={errors.phone}
        onValue={(phone) => onChange({ phone })}
      />
      <PlainField
        label={t('code')}
        error={errors.verifyCode}
        name="verifyCode"
        value={values.verifyCode}
        onChange={(event) => onChange({ verifyCode: event.target.value.trim() })}
        placeholder={t('codePlaceholder')}
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        addon={<SmsCodeButton phone={values.phone} type={smsType} size="large" onMissingPhone={onPhoneMissing} />}
      />
      <PlainField
        label={passwordLabel}
        error={errors.password}
        extra={t('passwordHint')}
        name="password"
        type="password"
        value={values.password}
        onChange={(event) => onChange({ password: event.target.value })}
        placeholder={t('newPasswordPlaceholder')}
        autoComplete="new-password"
        maxLength={32}
      />
      <PlainField
        label={t('confirm')}
        error={errors.confirm}
        name="confirm"
        type="password"
        value={values.confirm}
        onChange={(event) => onChange({ confirm: event.target.value })}
        placeholder={t('confirmPlaceholder')}
        autoComplete="new-password"
        maxLength={32}
      />
    </>
  );
}
