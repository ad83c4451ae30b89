/** antd Form rules shared by the auth screens (messages from the `auth` namespace). */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isMobilePhone, isValidPassword } from '@/lib/validators';

export const phoneRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('auth:phoneRequired') },
  { validator: (_, value) => (!value || isMobilePhone(value) ? Promise.resolve() : Promise.reject(new Error(t('auth:phoneInvalid')))) },
];

export const newPasswordRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('auth:passwordRequired') },
  { validator: (_, value) => (!value || isValidPassword(value) ? Promise.resolve() : Promise.reject(new Error(t('auth:passwordRule')))) },
];

export const confirmRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('auth:confirmRequired') },
  ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(t('auth:confirmMismatch'))),
  }),
];

export const codeRules = (t: TFunction): FormRule[] => [
  { required: true, message: t('auth:codeRequired') },
  { pattern: /^\d{4,6}$/, message: t('auth:codeInvalid') },
];
