/**
 * Settings of the SMS gateway, read beside the module that sends the codes (a SettingsSection of
 * config.ts, listed by modules/index.ts): which provider, and the chosen provider's account.
 */
import { problemLine, standInEndpointProblem, type SettingsReader, type SettingsSection } from '../../config.ts';
import { SMS_TYPES, type SmsType } from '../../../../common/domain.ts';

export const SMS_PROVIDERS = ['console', 'aliyun', 'tencent'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/** Aliyun SMS (dysmsapi 2017-05-25): one template per code type, each with the parameter `code`. */
export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCodes: Record<SmsType, string>;
  /** Full URL of the API, e.g. https://dysmsapi.aliyuncs.com. */
  endpoint: string;
}

/** Tencent Cloud SMS (API 2021-01-11): one template per code type, whose first parameter is the code. */
export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateIds: Record<SmsType, string>;
  region: string;
  /** Full URL of the API, e.g. https://sms.tencentcloudapi.com. */
  endpoint: string;
}

export const ALIYUN_SMS_DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
export const TENCENT_SMS_DEFAULT_ENDPOINT = 'https://sms.tencentcloudapi.com';
export const TENCENT_SMS_DEFAULT_REGION = 'ap-guangzhou';

export interface SmsSettings {
  smsProvider: SmsProviderName;
  /** Set when smsProvider is 'aliyun' (and the server, not the ops command line, is starting). */
  aliyunSms?: AliyunSmsSettings;
  /** Set when smsProvider is 'tencent' (likewise). */
  tencentSms?: TencentSmsSettings;
}

/** The code types an SMS is sent for, each with its own template. */
export const SMS_CODE_TYPES = Object.values(SMS_TYPES) as SmsType[];
const SMS_CODE_PURPOSES: Record<SmsType, string> = { 1: 'registration', 3: 'password change or reset', 4: 'account deletion' };

/**
 * One template per SMS code type (1, 3, 4): `${name}_${type}` when set, else the shared `name`.
 * Every type must end up with one, so no code is ever sent without a template: a missing one stops
 * the start (one line per missing setting: the shared one when nothing is set, else each per-type
 * setting still missing).
 */
function perSmsType(s: SettingsReader, name: string, what: string): Record<SmsType, string> {
  const shared = s.optional(name);
  const own = Object.fromEntries(SMS_CODE_TYPES.map((type) => [type, s.optional(`${name}_${type}`)])) as Record<
    SmsType,
    string | undefined
  >;
  const missing = SMS_CODE_TYPES.filter((type) => (own[type] ?? shared) === undefined);
  if (missing.length === SMS_CODE_TYPES.length) {
    s.problems.push(
      problemLine(
        name,
        'missing',
        `set it to ${what} (used for every code type), or set ${SMS_CODE_TYPES.map((t) => `${name}_${t}`).join(', ')} one per type`,
      ),
    );
  } else {
    for (const type of missing) {
      s.problems.push(
        problemLine(
          `${name}_${type}`,
          'missing',
          `set it to ${what} for code type ${type} (${SMS_CODE_PURPOSES[type]}), or set ${name} for every type without its own`,
        ),
      );
    }
  }
  return Object.fromEntries(SMS_CODE_TYPES.map((type) => [type, own[type] ?? shared ?? ''])) as Record<SmsType, string>;
}

function readAliyunSms(s: SettingsReader): AliyunSmsSettings {
  return {
    accessKeyId: s.required('ALIYUN_ACCESS_KEY_ID', 'the AccessKey ID of a RAM user allowed to call dysms:SendSms'),
    accessKeySecret: s.required('ALIYUN_ACCESS_KEY_SECRET', 'the AccessKey secret of that RAM user'),
    signName: s.required('ALIYUN_SMS_SIGN_NAME', 'the approved SMS sign name (短信签名) from the Aliyun SMS console'),
    templateCodes: perSmsType(
      s,
      'ALIYUN_SMS_TEMPLATE_CODE',
      'the approved verification-code template code (SMS_...) whose text contains ${code}',
    ),
    endpoint: s.url('ALIYUN_SMS_ENDPOINT', ALIYUN_SMS_DEFAULT_ENDPOINT),
  };
}

function readTencentSms(s: SettingsReader): TencentSmsSettings {
  return {
    secretId: s.required('TENCENT_SECRET_ID', 'the SecretId of a CAM user allowed to call sms:SendSms'),
    secretKey: s.required('TENCENT_SECRET_KEY', 'the SecretKey of that CAM user'),
    sdkAppId: s.required('TENCENT_SMS_SDK_APP_ID', 'the SdkAppId of the SMS application (1400...)'),
    signName: s.required('TENCENT_SMS_SIGN_NAME', 'the approved SMS signature content from the Tencent Cloud SMS console'),
    templateIds: perSmsType(s, 'TENCENT_SMS_TEMPLATE_ID', 'the approved template ID whose text has the code as its parameter {1}'),
    region: s.optional('TENCENT_SMS_REGION') ?? TENCENT_SMS_DEFAULT_REGION,
    endpoint: s.url('TENCENT_SMS_ENDPOINT', TENCENT_SMS_DEFAULT_ENDPOINT),
  };
}

/**
 * SMS_PROVIDER and the chosen provider's settings; production refuses the console provider, and
 * (unless STAGING=1) an endpoint that is not the vendor's public https API.
 */
export const smsSettings: SettingsSection<SmsSettings> = ({ s, serving, production, staging }) => {
  const smsName = s.optional('SMS_PROVIDER') ?? 'console';
  const smsProvider = (SMS_PROVIDERS as readonly string[]).includes(smsName) ? (smsName as SmsProviderName) : 'console';
  if (smsName !== smsProvider)
    s.problems.push(
      problemLine('SMS_PROVIDER', `"${smsName}" is not a provider`, 'set it to aliyun or tencent (console only outside production)'),
    );
  else if (serving && production && smsProvider === 'console') {
    s.problems.push(
      problemLine(
        'SMS_PROVIDER',
        'console only prints the codes to the log (NODE_ENV=production)',
        'set SMS_PROVIDER=aliyun or tencent with its settings',
      ),
    );
  }
  const settings: SmsSettings = {
    smsProvider,
    aliyunSms: serving && smsProvider === 'aliyun' ? readAliyunSms(s) : undefined,
    tencentSms: serving && smsProvider === 'tencent' ? readTencentSms(s) : undefined,
  };
  if (serving && production && !staging) {
    const endpoint = settings.aliyunSms
      ? standInEndpointProblem('ALIYUN_SMS_ENDPOINT', settings.aliyunSms.endpoint, ALIYUN_SMS_DEFAULT_ENDPOINT)
      : settings.tencentSms && standInEndpointProblem('TENCENT_SMS_ENDPOINT', settings.tencentSms.endpoint, TENCENT_SMS_DEFAULT_ENDPOINT);
    if (endpoint) s.problems.push(endpoint);
  }
  return settings;
};
