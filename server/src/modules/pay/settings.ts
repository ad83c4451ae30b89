/**
 * Settings of the online payment gateways, read from the environment beside the pay module (a
 * section of config.ts, listed by modules/index.ts). Each gateway is enabled by its own complete
 * group of settings; a group set only in part is an error naming what is missing, so a typo never
 * silently turns a pay type off.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isHttpUrl, isPublicHost, problemLine, standInEndpointProblem, type SettingsSection } from '../../config.ts';

export interface AlipaySettings {
  appId: string;
  /** PKCS#8 PEM of the application private key. */
  privateKey: string;
  /** SPKI PEM of Alipay's public key (the "支付宝公钥" of the open platform console). */
  alipayPublicKey: string;
  /** Full URL of the open platform's gateway.do. */
  gateway: string;
}

export interface WechatPaySettings {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate (its key signs our requests). */
  serialNo: string;
  privateKey: string;
  /** The WeChat Pay public key ("微信支付公钥") and its id (PUB_KEY_ID_...), which sign answers and notifications. */
  platformPublicKey: string;
  platformPublicKeyId: string;
  /** The 32-byte API v3 key that encrypts notification resources. */
  apiV3Key: string;
  baseUrl: string;
}

export interface PaymentSettings {
  /** The site's public origin, for notification and return URLs. */
  publicBaseUrl?: string;
  alipay?: AlipaySettings;
  wechatPay?: WechatPaySettings;
}

export const ALIPAY_PRODUCTION_GATEWAY = 'https://openapi.alipay.com/gateway.do';
export const WECHATPAY_PRODUCTION_BASE_URL = 'https://api.mch.weixin.qq.com/';

type Env = Record<string, string | undefined>;

/** PEM text from an env value: real line breaks or `\n` escapes (one-line .env files). */
const unescapeLines = (text: string) => text.replace(/\\n/g, '\n').trim();

/** `NAME` or the file named by `NAME_FILE`; undefined when neither is set. */
function textOrFile(env: Env, name: string, problems: string[]): string | undefined {
  const inline = env[name];
  if (inline) return unescapeLines(inline);
  const file = env[`${name}_FILE`];
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    problems.push(
      problemLine(
        `${name}_FILE`,
        `"${file}" cannot be read (${(err as NodeJS.ErrnoException).code ?? err})`,
        'name a file this user can read',
      ),
    );
    return '';
  }
}

/** PEM, or the bare base64 DER the vendors' key tools print; PKCS#1 or PKCS#8. */
function parseKey(text: string, kind: 'private' | 'public'): KeyObject {
  const make = kind === 'private' ? createPrivateKey : createPublicKey;
  if (text.includes('-----BEGIN')) return make(text);
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  const types = kind === 'private' ? (['pkcs8', 'pkcs1'] as const) : (['spki', 'pkcs1'] as const);
  for (const type of types) {
    try {
      return make({ key: der, format: 'der', type } as never);
    } catch {
      // try the other encoding
    }
  }
  throw new Error('not a key');
}

function normalisedKey(name: string, text: string | undefined, kind: 'private' | 'public', problems: string[]): string {
  if (!text) return '';
  try {
    const key = parseKey(text, kind);
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    return key.export(kind === 'private' ? { type: 'pkcs8', format: 'pem' } : { type: 'spki', format: 'pem' }).toString();
  } catch {
    problems.push(problemLine(name, `not an RSA ${kind} key`, "set it to one (PEM, or the bare base64 the vendor's key tool prints)"));
    return '';
  }
}

function validUrl(name: string, value: string, problems: string[]): string {
  if (!isHttpUrl(value)) problems.push(problemLine(name, `"${value}" is not a full http(s) URL`, 'set it to one'));
  return value;
}

/** One line per setting a partly configured group lacks; true when the group is complete. */
function missingOf(group: string, required: Array<[name: string, value: string | undefined, what: string]>, problems: string[]): boolean {
  const missing = required.filter(([, v]) => !v);
  const anySet = missing.length < required.length;
  if (anySet)
    for (const [name, , what] of missing) problems.push(problemLine(name, `missing (${group} is configured in part)`, `set it to ${what}`));
  return anySet && missing.length === 0;
}

export interface PaymentSettingsResult {
  settings: PaymentSettings;
  /** One line per wrong or missing setting. */
  problems: string[];
}

export function readPaymentSettings(env: Env): PaymentSettingsResult {
  const problems: string[] = [];
  const settings: PaymentSettings = {};
  if (env.PUBLIC_BASE_URL) settings.publicBaseUrl = validUrl('PUBLIC_BASE_URL', env.PUBLIC_BASE_URL.replace(/\/+$/, ''), problems);

  const aliPrivate = textOrFile(env, 'ALIPAY_PRIVATE_KEY', problems);
  const aliPublic = textOrFile(env, 'ALIPAY_PUBLIC_KEY', problems);
  const alipayComplete = missingOf(
    'Alipay',
    [
      ['ALIPAY_APP_ID', env.ALIPAY_APP_ID, 'the APPID of the application on the Alipay open platform'],
      ['ALIPAY_PRIVATE_KEY (or ALIPAY_PRIVATE_KEY_FILE)', aliPrivate, "the application's RSA2 private key"],
      [
        'ALIPAY_PUBLIC_KEY (or ALIPAY_PUBLIC_KEY_FILE)',
        aliPublic,
        'the Alipay public key (支付宝公钥) shown after uploading the application public key',
      ],
    ],
    problems,
  );
  if (alipayComplete) {
    settings.alipay = {
      appId: env.ALIPAY_APP_ID!,
      privateKey: normalisedKey('ALIPAY_PRIVATE_KEY', aliPrivate, 'private', problems),
      alipayPublicKey: normalisedKey('ALIPAY_PUBLIC_KEY', aliPublic, 'public', problems),
      gateway: validUrl('ALIPAY_GATEWAY', env.ALIPAY_GATEWAY || ALIPAY_PRODUCTION_GATEWAY, problems),
    };
  }

  const wxPrivate = textOrFile(env, 'WECHATPAY_PRIVATE_KEY', problems);
  const wxPublic = textOrFile(env, 'WECHATPAY_PLATFORM_PUBLIC_KEY', problems);
  const wechatComplete = missingOf(
    'WeChat Pay',
    [
      ['WECHATPAY_MCHID', env.WECHATPAY_MCHID, 'the merchant id (商户号)'],
      ['WECHATPAY_APPID', env.WECHATPAY_APPID, 'the AppID bound to the merchant (公众号 or 小程序)'],
      ['WECHATPAY_SERIAL_NO', env.WECHATPAY_SERIAL_NO, 'the serial number of the merchant API certificate'],
      ['WECHATPAY_PRIVATE_KEY (or WECHATPAY_PRIVATE_KEY_FILE)', wxPrivate, 'the merchant API private key (apiclient_key.pem)'],
      [
        'WECHATPAY_PLATFORM_PUBLIC_KEY (or WECHATPAY_PLATFORM_PUBLIC_KEY_FILE)',
        wxPublic,
        'the WeChat Pay public key (微信支付公钥, pub_key.pem)',
      ],
      ['WECHATPAY_PLATFORM_PUBLIC_KEY_ID', env.WECHATPAY_PLATFORM_PUBLIC_KEY_ID, 'the id of that public key (PUB_KEY_ID_...)'],
      ['WECHATPAY_API_V3_KEY', env.WECHATPAY_API_V3_KEY, 'the 32-character API v3 key'],
    ],
    problems,
  );
  if (wechatComplete) {
    if (Buffer.byteLength(env.WECHATPAY_API_V3_KEY!) !== 32)
      problems.push(problemLine('WECHATPAY_API_V3_KEY', 'not 32 characters long', 'set it to the 32-character API v3 key'));
    settings.wechatPay = {
      mchId: env.WECHATPAY_MCHID!,
      appId: env.WECHATPAY_APPID!,
      serialNo: env.WECHATPAY_SERIAL_NO!,
      privateKey: normalisedKey('WECHATPAY_PRIVATE_KEY', wxPrivate, 'private', problems),
      platformPublicKey: normalisedKey('WECHATPAY_PLATFORM_PUBLIC_KEY', wxPublic, 'public', problems),
      platformPublicKeyId: env.WECHATPAY_PLATFORM_PUBLIC_KEY_ID!,
      apiV3Key: env.WECHATPAY_API_V3_KEY!,
      baseUrl: validUrl('WECHATPAY_BASE_URL', env.WECHATPAY_BASE_URL || WECHATPAY_PRODUCTION_BASE_URL, problems),
    };
  }
  return { settings, problems };
}

const ALIPAY_SANDBOX_HOSTS = ['alipaydev.com'];

/**
 * What production additionally needs: a way to be paid online, the public https origin its
 * notifications reach, and the vendors' real APIs. Staging (STAGING=1) instead needs an origin
 * nobody on the internet reaches, and accepts stand-ins and plain http there.
 */
export function productionPaymentProblems(settings: PaymentSettings, { staging = false } = {}): string[] {
  const problems: string[] = [];
  if (!settings.alipay && !settings.wechatPay) {
    problems.push(
      problemLine(
        'payment gateway',
        'none configured, and production takes real payments only',
        'set ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY (Alipay), or the WECHATPAY_* settings (WeChat Pay), or both',
      ),
    );
  }
  const origin = settings.publicBaseUrl;
  if (!origin) {
    problems.push(
      problemLine(
        'PUBLIC_BASE_URL',
        'missing',
        "set it to the site's public https origin (https://shop.example.com), where the payment gateways send their notifications",
      ),
    );
  } else if (isHttpUrl(origin)) {
    const url = new URL(origin);
    if (url.pathname !== '/' || url.search || url.hash)
      problems.push(
        problemLine(
          'PUBLIC_BASE_URL',
          `"${origin}" is not an origin (it has a path)`,
          'set it to scheme and host only, e.g. https://shop.example.com',
        ),
      );
    if (staging) {
      if (isPublicHost(url.hostname))
        problems.push(
          problemLine(
            'STAGING',
            `PUBLIC_BASE_URL ${origin} is a public origin`,
            'staging runs against vendor stand-ins and must not face customers: use a loopback, private-network or .test/.internal origin, or unset STAGING',
          ),
        );
    } else if (url.protocol !== 'https:') {
      problems.push(
        problemLine(
          'PUBLIC_BASE_URL',
          `"${origin}" is not https`,
          'set it to the https origin users open (WeChat Pay posts notifications to https only)',
        ),
      );
    } else if (!isPublicHost(url.hostname)) {
      problems.push(
        problemLine(
          'PUBLIC_BASE_URL',
          `${origin} is not reachable from the internet`,
          "set it to the site's public https origin, where the payment gateways send their notifications",
        ),
      );
    }
  }
  if (!staging) {
    const endpoints = [
      settings.alipay && standInEndpointProblem('ALIPAY_GATEWAY', settings.alipay.gateway, ALIPAY_PRODUCTION_GATEWAY, ALIPAY_SANDBOX_HOSTS),
      settings.wechatPay && standInEndpointProblem('WECHATPAY_BASE_URL', settings.wechatPay.baseUrl, WECHATPAY_PRODUCTION_BASE_URL),
    ];
    for (const problem of endpoints) if (problem) problems.push(problem);
  }
  return problems;
}

/** The payment gateways' settings as a section of the configuration (config.ts, listed by modules/index.ts). */
export const paymentSettings: SettingsSection<{ payments: PaymentSettings }> = ({ s, env, serving, production, staging }) => {
  const payments = readPaymentSettings(env);
  s.problems.push(...payments.problems);
  if (serving && production) s.problems.push(...productionPaymentProblems(payments.settings, { staging }));
  return { payments: payments.settings };
};
