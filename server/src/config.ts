/**
 * Server configuration, read once from the environment. Every problem (a malformed value, a
 * setting production requires but lacks) is collected, so an operator sees the whole list at once:
 * loadConfig throws a ConfigError holding one line per problem, saying what to set.
 */
import path from 'node:path';
import { webDistDir } from './paths.ts';
import { productionPaymentProblems, readPaymentSettings, type PaymentSettings } from './pay-settings.ts';
import { SMS_TYPES, type SmsType } from '../../common/domain.ts';

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

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Folder of the embedded PGlite database; ignored when databaseUrl is set. Empty string = in memory. */
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL: opening a connection gives up after this long (start-up fails, requests answer 503). */
  dbConnectTimeoutMs: number;
  /** PostgreSQL: a statement running longer is cancelled (the request answers 503). */
  dbStatementTimeoutMs: number;
  /** When set, GET /metrics requires `Authorization: Bearer <token>`. */
  metricsToken?: string;
  smsProvider: SmsProviderName;
  /** Set when smsProvider is 'aliyun'. */
  aliyunSms?: AliyunSmsSettings;
  /** Set when smsProvider is 'tencent'. */
  tencentSms?: TencentSmsSettings;
  /** A gateway that has not answered after this long counts as failed. */
  smsSendTimeoutMs: number;
  /** Business time zone for plan days and hours. */
  timeZone: string;
  /** Per-IP SMS sending limit: at most smsIpLimit send attempts per smsIpWindowSeconds. */
  smsIpLimit: number;
  smsIpWindowSeconds: number;
  /** Unpaid orders expire after this many minutes. */
  orderExpireMinutes: number;
  /** Unpaid collect / contact-staff orders (pay types 3, 4, 6, 9) expire after this many minutes: staff need time to see the transfer. */
  collectOrderExpireMinutes: number;
  /** Online payment gateways (each enabled by its own settings) and the public origin they call back. */
  payments: PaymentSettings;
  /** Built web app to serve (SPA fallback); not served when the folder is missing. */
  distDir: string;
  /** Trust X-Forwarded-For from a proxy (nginx) in front. */
  trustProxy: boolean;
  /** After SIGTERM / SIGINT: keep serving (readiness 503) this long so a balancer stops sending. */
  shutdownGraceMs: number;
  /** Then wait at most this long for requests in flight before closing their connections. */
  shutdownTimeoutMs: number;
  /** A repeated Idempotency-Key waits this long for the first request to finish (then 409). */
  idempotencyWaitMs: number;
  /** Reference data answered from memory (REFERENCE_CACHE=off reads it from the database every time: a benchmark's baseline). */
  referenceCache: boolean;
}

/** The configuration cannot be used; `problems` has one line per setting to fix. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

export const ALIYUN_SMS_DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
export const TENCENT_SMS_DEFAULT_ENDPOINT = 'https://sms.tencentcloudapi.com';
export const TENCENT_SMS_DEFAULT_REGION = 'ap-guangzhou';

/** Reads settings and records what is wrong with them instead of stopping at the first problem. */
class SettingsReader {
  readonly problems: string[] = [];
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /** A trimmed value, or undefined when unset or blank. */
  optional(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }

  /** A value that must be present; `what` tells the operator what to put there. */
  required(name: string, what: string): string {
    const value = this.optional(name);
    if (value === undefined) this.problems.push(`Missing setting ${name}: set it to ${what}.`);
    return value ?? '';
  }

  int(name: string, fallback: number, min = 0): number {
    const raw = this.optional(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < min) {
      this.problems.push(`Invalid setting ${name}="${raw}": set it to a whole number of at least ${min}.`);
      return fallback;
    }
    return n;
  }

  url(name: string, fallback: string): string {
    const raw = this.optional(name) ?? fallback;
    let parsed: URL | undefined;
    try {
      parsed = new URL(raw);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
      this.problems.push(`Invalid setting ${name}="${raw}": set it to a full http(s) URL such as ${fallback}.`);
    }
    return raw;
  }

  /** One value per SMS code type: `${name}_${type}` when set, else `name` (required). */
  perSmsType(name: string, what: string): Record<SmsType, string> {
    const fallback = [SMS_TYPES.DEFAULT, SMS_TYPES.PASSWORD].every((type) => this.optional(`${name}_${type}`)) ? '' : this.required(name, what);
    return {
      [SMS_TYPES.DEFAULT]: this.optional(`${name}_${SMS_TYPES.DEFAULT}`) ?? fallback,
      [SMS_TYPES.PASSWORD]: this.optional(`${name}_${SMS_TYPES.PASSWORD}`) ?? fallback,
    } as Record<SmsType, string>;
  }
}

function readAliyunSms(s: SettingsReader): AliyunSmsSettings {
  return {
    accessKeyId: s.required('ALIYUN_ACCESS_KEY_ID', 'the AccessKey ID of a RAM user allowed to call dysms:SendSms'),
    accessKeySecret: s.required('ALIYUN_ACCESS_KEY_SECRET', 'the AccessKey secret of that RAM user'),
    signName: s.required('ALIYUN_SMS_SIGN_NAME', 'the approved SMS sign name (短信签名) from the Aliyun SMS console'),
    templateCodes: s.perSmsType('ALIYUN_SMS_TEMPLATE_CODE', 'the approved verification-code template code (SMS_...) whose text contains ${code}'),
    endpoint: s.url('ALIYUN_SMS_ENDPOINT', ALIYUN_SMS_DEFAULT_ENDPOINT),
  };
}

function readTencentSms(s: SettingsReader): TencentSmsSettings {
  return {
    secretId: s.required('TENCENT_SECRET_ID', 'the SecretId of a CAM user allowed to call sms:SendSms'),
    secretKey: s.required('TENCENT_SECRET_KEY', 'the SecretKey of that CAM user'),
    sdkAppId: s.required('TENCENT_SMS_SDK_APP_ID', 'the SdkAppId of the SMS application (1400...)'),
    signName: s.required('TENCENT_SMS_SIGN_NAME', 'the approved SMS signature content from the Tencent Cloud SMS console'),
    templateIds: s.perSmsType('TENCENT_SMS_TEMPLATE_ID', 'the approved template ID whose text has the code as its parameter {1}'),
    region: s.optional('TENCENT_SMS_REGION') ?? TENCENT_SMS_DEFAULT_REGION,
    endpoint: s.url('TENCENT_SMS_ENDPOINT', TENCENT_SMS_DEFAULT_ENDPOINT),
  };
}

/**
 * What the configuration is for: 'server' needs the outside services it talks to (SMS gateway);
 * 'ops' (the command line) only needs the database settings, so a gateway problem never keeps an
 * operator from the ops commands.
 */
export type ConfigPurpose = 'server' | 'ops';

/** Reads the environment; throws ConfigError listing every problem when anything is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, purpose: ConfigPurpose = 'server'): Config {
  const serving = purpose === 'server';
  const s = new SettingsReader(env);
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';

  const smsName = s.optional('SMS_PROVIDER') ?? 'console';
  const smsProvider = (SMS_PROVIDERS as readonly string[]).includes(smsName) ? (smsName as SmsProviderName) : 'console';
  if (smsName !== smsProvider) s.problems.push(`Invalid setting SMS_PROVIDER="${smsName}": set it to aliyun or tencent (console only outside production).`);
  else if (serving && nodeEnv === 'production' && smsProvider === 'console') {
    s.problems.push('SMS_PROVIDER is console, which only prints codes to the log: set SMS_PROVIDER=aliyun or tencent with its settings (NODE_ENV=production).');
  }

  const payments = readPaymentSettings(env);
  s.problems.push(...payments.problems);
  if (serving && nodeEnv === 'production') s.problems.push(...productionPaymentProblems(payments.settings));

  const config: Config = {
    nodeEnv,
    port: s.int('PORT', 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR ?? path.resolve(process.cwd(), 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    dbConnectTimeoutMs: s.int('DB_CONNECT_TIMEOUT_MS', DEFAULT_CONNECT_TIMEOUT_MS),
    dbStatementTimeoutMs: s.int('DB_STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS),
    metricsToken: env.METRICS_TOKEN || undefined,
    smsProvider,
    aliyunSms: serving && smsProvider === 'aliyun' ? readAliyunSms(s) : undefined,
    tencentSms: serving && smsProvider === 'tencent' ? readTencentSms(s) : undefined,
    smsSendTimeoutMs: s.int('SMS_SEND_TIMEOUT_MS', 5000, 1),
    timeZone: env.TZ_BUSINESS || 'Asia/Shanghai',
    smsIpLimit: s.int('SMS_IP_LIMIT', 30),
    smsIpWindowSeconds: s.int('SMS_IP_WINDOW_SECONDS', 600),
    orderExpireMinutes: s.int('ORDER_EXPIRE_MINUTES', 30),
    collectOrderExpireMinutes: s.int('COLLECT_ORDER_EXPIRE_MINUTES', 1440),
    payments: payments.settings,
    distDir: env.DIST_DIR ?? webDistDir,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    shutdownGraceMs: s.int('SHUTDOWN_GRACE_MS', 0),
    shutdownTimeoutMs: s.int('SHUTDOWN_TIMEOUT_MS', 10_000),
    idempotencyWaitMs: s.int('IDEMPOTENCY_WAIT_MS', 5000),
    referenceCache: env.REFERENCE_CACHE !== 'off',
  };
  if (s.problems.length > 0) throw new ConfigError(s.problems);
  return config;
}

/**
 * loadConfig for an entry point: on a ConfigError prints its lines (no stack) and exits 1, so a
 * misconfigured container says exactly what to set.
 */
export function loadConfigOrExit(purpose: ConfigPurpose, env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env, purpose);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.error(problem);
    process.exit(1);
  }
}
