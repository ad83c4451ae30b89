/**
 * The embedded SMS provider: prints codes to the server log and keeps them in sms_outbox so
 * GET /api/dev/sms-outbox can answer them outside production. Refused in production (main.ts).
 */
import type { Db } from '../../db/client.ts';
import { smsOutbox } from './tables.ts';
import type { SmsProvider } from './provider.ts';

export function consoleSmsProvider(db: Db, log: (line: string) => void): SmsProvider {
  return {
    name: 'console',
    async send({ phone, type, code }) {
      await db.insert(smsOutbox).values({ phone, type, code });
      log(`[sms:console] to ${phone} (type ${type}): 验证码 ${code}，5 分钟内有效`);
    },
  };
}
