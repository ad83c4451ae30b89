/**
 * Field checks of the visitor screens, answering the catalogue message of the first failed rule
 * (or undefined). Built on src/lib/validators.ts.
 */
import type { TFunction } from 'i18next';
import { isMobilePhone, isValidPassword } from '@/lib/validators';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const checkPhone = (t: TFunction, phone: string) =>
  !phone ? t('auth:phoneRequired') : isMobilePhone(phone) ? undefined : t('auth:phoneInvalid');

export const checkCode = (t: TFunction, code: string) =>
  !code ? t('auth:codeRequired') : /^\d{4,6}$/.test(code) ? undefined : t('auth:codeInvalid');

export const checkNewPassword = (t: TFunction, password: string) =>
  !password ? t('auth:passwordRequired') : isValidPassword(password) ? undefined : t('auth:passwordRule');

export const checkConfirm = (t: TFunction, password: string, confirm: string) =>
  !confirm ? t('auth:confirmRequired') : confirm === password ? undefined : t('auth:confirmMismatch');

export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);

/**
 * The messages shown, each checked again against `found` (the checks of the values as they are now):
 * a field put right loses its red at once (a valid 11-digit number no longer says 请输入手机号), a
 * field not yet in error waits for the submit, as before.
 */
export function recheck<K extends string>(shown: FieldErrors<K>, found: FieldErrors<K>): FieldErrors<K> {
  const next: FieldErrors<K> = { ...shown };
  for (const key of Object.keys(shown) as K[]) if (shown[key]) next[key] = found[key];
  return next;
}
