/** Mainland mobile number: 11 digits, starts with 1, second digit 3-9 (seed §5). */
export const PHONE_REGEX = /^1[3-9]\d{9}$/;

export function isMainlandMobile(value: unknown): boolean {
  return typeof value === 'string' && PHONE_REGEX.test(value);
}
