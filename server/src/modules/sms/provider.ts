/**
 * What sends an SMS code: the console provider (prints it) or a gateway (Aliyun, Tencent). Its own
 * file, so the providers and providers.ts (which picks one) import it without importing each other.
 */
export interface SmsProvider {
  readonly name: string;
  send(message: { phone: string; type: number; code: string }): Promise<void>;
}
