/** The sms module: owns sms_codes, sms_send_attempts and sms_outbox (sending codes with their limits, checking them). */
export { smsCodeField, smsRoutes, type SmsRoutesOptions } from './routes.ts';
export { checkSmsCode, lockKey, withSmsCode } from './codes.ts';
export { consoleSmsProvider } from './console-provider.ts';
export { createSmsProvider } from './providers.ts';
export type { SmsProvider } from './provider.ts';
export { smsSettings, type SmsSettings } from './settings.ts';
export { SmsGatewayError } from './gateway-error.ts';
export { forgetPhone, removeOldSmsRecords } from './retention.ts';
