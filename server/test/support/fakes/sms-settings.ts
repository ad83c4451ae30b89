/** The API's environment settings that point SMS_PROVIDER at a running local fake: a template of its own per code type (1, 3, 4). */
import type { AliyunSmsFake } from './aliyun-sms.ts';
import type { TencentSmsFake } from './tencent-sms.ts';

export const aliyunSmsEnv = (fake: AliyunSmsFake): Record<string, string> => ({
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: fake.account.accessKeyId,
  ALIYUN_ACCESS_KEY_SECRET: fake.account.accessKeySecret,
  ALIYUN_SMS_SIGN_NAME: fake.account.signName,
  ALIYUN_SMS_TEMPLATE_CODE_1: fake.account.templateCodes[0]!,
  ALIYUN_SMS_TEMPLATE_CODE_3: fake.account.templateCodes[1]!,
  ALIYUN_SMS_TEMPLATE_CODE_4: fake.account.templateCodes[2]!,
  ALIYUN_SMS_ENDPOINT: fake.url,
});

export const tencentSmsEnv = (fake: TencentSmsFake): Record<string, string> => ({
  SMS_PROVIDER: 'tencent',
  TENCENT_SECRET_ID: fake.account.secretId,
  TENCENT_SECRET_KEY: fake.account.secretKey,
  TENCENT_SMS_SDK_APP_ID: fake.account.sdkAppId,
  TENCENT_SMS_SIGN_NAME: fake.account.signName,
  TENCENT_SMS_TEMPLATE_ID_1: fake.account.templateIds[0]!,
  TENCENT_SMS_TEMPLATE_ID_3: fake.account.templateIds[1]!,
  TENCENT_SMS_TEMPLATE_ID_4: fake.account.templateIds[2]!,
  TENCENT_SMS_REGION: 'ap-beijing',
  TENCENT_SMS_ENDPOINT: fake.url,
});
