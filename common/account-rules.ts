/** Account input rules, checked by the app's forms and by the server alike. */

/** Mainland mobile number: 11 digits, starts with 1, second digit 3-9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const isMobile = (value: unknown): value is string => typeof value === 'string' && MOBILE_PATTERN.test(value);

/** Password: 8-32 characters, letters and digits only, at least one of each. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,32}$/;
export const isValidPassword = (value: unknown): value is string => typeof value === 'string' && PASSWORD_PATTERN.test(value);
