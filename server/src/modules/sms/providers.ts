/** The SMS provider the configuration names: console (outside production), aliyun or tencent. */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { SmsSettings } from './settings.ts';
import { aliyunSmsProvider } from './aliyun-provider.ts';
import { consoleSmsProvider } from './console-provider.ts';
import { tencentSmsProvider } from './tencent-provider.ts';
import type { SmsProvider } from './provider.ts';

/** `log` receives the console provider's lines (the codes it "sends"). */
export function createSmsProvider(
  config: SmsSettings & Pick<Config, 'smsSendTimeoutMs'>,
  db: Db,
  log: (line: string) => void,
): SmsProvider {
  switch (config.smsProvider) {
    case 'aliyun':
      return aliyunSmsProvider(config.aliyunSms!, config.smsSendTimeoutMs);
    case 'tencent':
      return tencentSmsProvider(config.tencentSms!, config.smsSendTimeoutMs);
    case 'console':
      return consoleSmsProvider(db, log);
  }
}
