/**
 * Input checks (seed §5) and antd Form rules built on them.
 * - `isMobilePhone(v)`: mainland mobile, 11 digits, starts with 1, second digit 3-9 (common/domain).
 * - `isUrlLike(v)`: an http(s) URL shape (product links).
 * - `isValidPassword(v)`: 8-32 characters, letters and digits only, at least one of each (product §5).
 */
import { MOBILE_PATTERN } from '@common/domain';

export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,32}$/;

export function isMobilePhone(value: unknown): value is string {
  return typeof value === 'string' && MOBILE_PATTERN.test(value);
}

export function isUrlLike(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export function isValidPassword(value: unknown): boolean {
  return typeof value === 'string' && PASSWORD_PATTERN.test(value);
}
