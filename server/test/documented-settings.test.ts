/**
 * The README's environment table is what operators read: with a variable unset the server uses the
 * default the table states, and each value the table or .env.example names is read as documented.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import type { ServerConfig } from '../src/modules/index.ts';
import { loadServerConfig } from './support/support.ts';
import { ITEM_PROVIDER_KEYS } from './support/fakes/item-settings.ts';

const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

/** Default per variable from the README's environment table (`a` / `b` rows give one each). */
function readmeDefaults(): Map<string, string> {
  const defaults = new Map<string, string>();
  for (const line of readme.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || !cells[1]!.startsWith('`')) continue;
    const names = cells[1]!.split(' / ').map((name) => name.replace(/`/g, ''));
    const values = cells[2]!.split(' / ').map((value) => value.replace(/`/g, ''));
    if (names.length !== values.length) continue;
    names.forEach((name, i) => defaults.set(name, values[i]!));
  }
  return defaults;
}

type Key = keyof ServerConfig;
/** variable, its config field, the value unset gives, documented values with what they give */
const SETTINGS: [string, Key, unknown, [string, unknown][]][] = [
  ['PORT', 'port', 8080, [['9000', 9000]]],
  ['HOST', 'host', '127.0.0.1', [['0.0.0.0', '0.0.0.0']]],
  [
    'DB_CONNECT_TIMEOUT_MS',
    'dbConnectTimeoutMs',
    5000,
    [
      ['0', 0],
      ['1500', 1500],
    ],
  ],
  [
    'DB_STATEMENT_TIMEOUT_MS',
    'dbStatementTimeoutMs',
    30000,
    [
      ['0', 0],
      ['2000', 2000],
    ],
  ],
  [
    'NODE_ENV',
    'nodeEnv',
    'development',
    [
      ['development', 'development'],
      ['test', 'test'],
    ],
  ],
  ['SMS_PROVIDER', 'smsProvider', 'console', [['console', 'console']]],
  ['SMS_SEND_TIMEOUT_MS', 'smsSendTimeoutMs', 5000, [['800', 800]]],
  ['TZ_BUSINESS', 'timeZone', 'Asia/Shanghai', [['Asia/Urumqi', 'Asia/Urumqi']]],
  ['SMS_IP_LIMIT', 'smsIpLimit', 30, [['5', 5]]],
  ['SMS_IP_WINDOW_SECONDS', 'smsIpWindowSeconds', 600, [['60', 60]]],
  [
    'LOGIN_IP_LIMIT',
    'loginIpLimit',
    30,
    [
      ['0', 0],
      ['100', 100],
    ],
  ],
  ['LOGIN_PHONE_LIMIT', 'loginPhoneLimit', 10, [['5', 5]]],
  ['LOGIN_WINDOW_SECONDS', 'loginWindowSeconds', 600, [['60', 60]]],
  ['VERIFY_IP_LIMIT', 'verifyIpLimit', 30, [['0', 0]]],
  ['VERIFY_PHONE_LIMIT', 'verifyPhoneLimit', 10, [['3', 3]]],
  ['VERIFY_WINDOW_SECONDS', 'verifyWindowSeconds', 600, [['3600', 3600]]],
  ['DATA_EXPORT_LIMIT', 'dataExportLimit', 5, [['1', 1]]],
  ['DATA_EXPORT_WINDOW_SECONDS', 'dataExportWindowSeconds', 3600, [['86400', 86400]]],
  ['OPERATOR_POINTS_PER_ACTION', 'operatorPointsPerAction', 10000, [['500', 500]]],
  ['OPERATOR_POINTS_PER_DAY', 'operatorPointsPerDay', 50000, [['0', 0]]],
  ['CONSOLE_SESSION_MAX_HOURS', 'consoleSessionMaxHours', 12, [['8', 8]]],
  ['CONSOLE_SESSION_IDLE_MINUTES', 'consoleSessionIdleMinutes', 30, [['15', 15]]],
  ['ORDER_EXPIRE_MINUTES', 'orderExpireMinutes', 30, [['15', 15]]],
  [
    'ITEM_CACHE_SECONDS',
    'itemCacheSeconds',
    86400,
    [
      ['0', 0],
      ['3600', 3600],
    ],
  ],
  ['ITEM_LOOKUP_USER_LIMIT', 'itemLookupUserLimit', 60, [['20', 20]]],
  ['ITEM_LOOKUP_IP_LIMIT', 'itemLookupIpLimit', 300, [['1000', 1000]]],
  ['ITEM_LOOKUP_WINDOW_SECONDS', 'itemLookupWindowSeconds', 600, [['60', 60]]],
  ['ITEM_PROVIDER_TIMEOUT_MS', 'itemProviderTimeoutMs', 25000, [['5000', 5000]]],
  ['TAOBAO_APP_KEY', 'taobao', undefined, []],
  ['JD_UNION_APP_KEY', 'jdUnion', undefined, []],
  ['PDD_CLIENT_ID', 'pdd', undefined, []],
  ['COLLECT_ORDER_EXPIRE_MINUTES', 'collectOrderExpireMinutes', 1440, [['60', 60]]],
  ['TRUST_PROXY', 'trustProxy', false, [['1', true]]],
  ['METRICS_TOKEN', 'metricsToken', undefined, [['s3cret', 's3cret']]],
  ['SHUTDOWN_GRACE_MS', 'shutdownGraceMs', 0, [['5000', 5000]]],
  ['SHUTDOWN_TIMEOUT_MS', 'shutdownTimeoutMs', 10000, [['20000', 20000]]],
  ['IDEMPOTENCY_WAIT_MS', 'idempotencyWaitMs', 5000, [['1000', 1000]]],
  [
    'RECONCILE_AT',
    'reconcileAt',
    { hour: 10, minute: 0 },
    [
      ['10:30', { hour: 10, minute: 30 }],
      ['9:05', { hour: 9, minute: 5 }],
    ],
  ],
  [
    'REFERENCE_CACHE',
    'referenceCache',
    true,
    [
      ['on', true],
      ['off', false],
    ],
  ],
];
/** Settings whose smallest value is above 0 (a window or timeout of 0 means nothing); the others allow 0. */
const MIN_OF: Record<string, number> = {
  SMS_SEND_TIMEOUT_MS: 1,
  LOGIN_WINDOW_SECONDS: 1,
  VERIFY_WINDOW_SECONDS: 1,
  DATA_EXPORT_WINDOW_SECONDS: 1,
  CONSOLE_SESSION_MAX_HOURS: 1,
  CONSOLE_SESSION_IDLE_MINUTES: 1,
  ITEM_LOOKUP_USER_LIMIT: 1,
  ITEM_LOOKUP_IP_LIMIT: 1,
  ITEM_LOOKUP_WINDOW_SECONDS: 1,
  ITEM_PROVIDER_TIMEOUT_MS: 1,
};
/** How the README writes a default: `unset` for none or off, `on` for a switch that is on. */
const readmeSpelling = (unset: unknown) =>
  unset === true
    ? 'on'
    : unset === undefined || unset === false
      ? 'unset'
      : typeof unset === 'object'
        ? Object.values(unset as object)
            .map((n: number, i) => (i === 0 ? String(n) : String(n).padStart(2, '0')))
            .join(':')
        : String(unset);

describe('settings as the README documents them', () => {
  const documented = readmeDefaults();

  it.each(SETTINGS)('%s: unset gives the README default; documented values are read', (name, key, unset, values) => {
    expect(documented.has(name), `${name} is in the README table`).toBe(true);
    const shown = documented.get(name)!;
    expect(shown).toBe(readmeSpelling(unset));
    expect(loadServerConfig({})[key]).toEqual(unset);
    for (const [value, read] of values) expect(loadServerConfig({ [name]: value })[key], `${name}=${value}`).toEqual(read);
  });

  it.each(SETTINGS.filter(([, , unset]) => typeof unset === 'number'))(
    '%s: a value that is not a whole number stops the start with a line naming it',
    (name, _key, unset) => {
      expect(() => loadServerConfig({ [name]: 'soon' })).toThrow(
        new ConfigError([
          `${name}: "soon" is not a whole number of at least ${MIN_OF[name] ?? 0}; set it to one, or unset it for ${unset}.`,
        ]),
      );
    },
  );

  it('RECONCILE_AT: a value that is not a time of day stops the start with a line naming it', () => {
    for (const bad of ['10', '24:00', '10:60', 'soon'])
      expect(() => loadServerConfig({ RECONCILE_AT: bad })).toThrow(
        new ConfigError([`RECONCILE_AT: "${bad}" is not a time of day as HH:mm; set it to one such as 10:00.`]),
      );
  });

  it('NODE_ENV: development tools for every client only when set to development (or test); unset or another value: this machine only; production: none', () => {
    expect(loadServerConfig({}).devTools).toBe('loopback');
    expect(loadServerConfig({ NODE_ENV: 'staging' }).devTools).toBe('loopback');
    expect(loadServerConfig({ NODE_ENV: 'development' }).devTools).toBe('all');
    expect(loadServerConfig({ NODE_ENV: 'test' }).devTools).toBe('all');
    expect(loadServerConfig({ NODE_ENV: 'production' }, 'ops').devTools).toBe('none');
  });

  it('NODE_ENV: another value counts as development; production refuses to serve with the console SMS provider (the ops CLI still reads it)', () => {
    expect(loadServerConfig({ NODE_ENV: 'staging' }).nodeEnv).toBe('development');
    expect(() => loadServerConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(loadServerConfig({ NODE_ENV: 'production' }, 'ops').nodeEnv).toBe('production');
  });

  it('BACKUP_DIR: unset by default (relative backup paths from where npm runs); any folder is read as given', () => {
    expect(documented.get('BACKUP_DIR')).toBe('unset');
    for (const nodeEnv of ['development', 'production', undefined]) {
      const env = nodeEnv ? { NODE_ENV: nodeEnv } : {};
      expect(loadServerConfig(env, 'ops').backupDir).toBeUndefined();
      expect(loadServerConfig({ ...env, BACKUP_DIR: '/app/backups' }, 'ops').backupDir).toBe('/app/backups');
    }
  });

  it('STAGING: unset (off) by default; 1 only with NODE_ENV=production, refused under development and unset', () => {
    expect(documented.get('STAGING')).toBe('unset');
    const staged = { STAGING: '1', PUBLIC_BASE_URL: 'http://127.0.0.1:8080' };
    expect(loadServerConfig({ ...staged, NODE_ENV: 'production' }, 'ops').staging).toBe(true);
    expect(() => loadServerConfig({ ...staged, NODE_ENV: 'development' }, 'ops')).toThrow(ConfigError);
    expect(() => loadServerConfig(staged, 'ops')).toThrow(ConfigError);
    for (const nodeEnv of ['development', 'production', undefined]) {
      const env = nodeEnv ? { NODE_ENV: nodeEnv } : {};
      expect(loadServerConfig(env, 'ops').staging).toBe(false);
      expect(loadServerConfig({ ...env, STAGING: '0' }, 'ops').staging).toBe(false);
    }
  });

  it("item providers: on with both keys (gateway defaulting to the vendor's), a half-given pair or a PDD key without PDD_PID stops the start", () => {
    const on = loadServerConfig(ITEM_PROVIDER_KEYS);
    expect(on.taobao).toEqual({
      appKey: '12345678',
      appSecret: 's',
      gatewayUrl: 'https://gw.api.taobao.com/router/rest',
      signMethod: 'md5',
    });
    expect(on.jdUnion).toEqual({ appKey: 'k', appSecret: 's', gatewayUrl: 'https://api.jd.com/routerjson', goodsQuery: false });
    expect(on.pdd).toEqual({ clientId: 'c', clientSecret: 's', pid: '1_2', gatewayUrl: 'https://gw-api.pinduoduo.com/api/router' });
    expect(() => loadServerConfig({ TAOBAO_APP_KEY: '1' })).toThrow(/^TAOBAO_APP_SECRET: missing \(TAOBAO_APP_KEY is set\); /);
    expect(() => loadServerConfig({ PDD_CLIENT_ID: 'c', PDD_CLIENT_SECRET: 's' })).toThrow(/^PDD_PID: missing; /);
    expect(() => loadServerConfig({ TAOBAO_APP_KEY: '1', TAOBAO_APP_SECRET: 's', TAOBAO_SIGN_METHOD: 'sha1' })).toThrow(
      /TAOBAO_SIGN_METHOD/,
    );
    expect(() => loadServerConfig({ JD_UNION_APP_KEY: 'k', JD_UNION_APP_SECRET: 's', JD_UNION_GATEWAY_URL: 'ftp://x' })).toThrow(
      /JD_UNION_GATEWAY_URL/,
    );
    expect(() => loadServerConfig({ ITEM_PROVIDER_TIMEOUT_MS: '30000' })).toThrow(/below 30000/);
    // the ops command line does not need the providers
    expect(loadServerConfig({ TAOBAO_APP_KEY: '1' }, 'ops').taobao).toBeUndefined();
  });

  it.each([
    ['TAOBAO_GATEWAY_URL', { TAOBAO_APP_KEY: '1', TAOBAO_APP_SECRET: 's' }],
    ['JD_UNION_GATEWAY_URL', { JD_UNION_APP_KEY: 'k', JD_UNION_APP_SECRET: 's' }],
    ['PDD_GATEWAY_URL', { PDD_CLIENT_ID: 'c', PDD_CLIENT_SECRET: 's', PDD_PID: '1_2' }],
  ])('%s with a user and password in it stops the start, without printing them', (name, keys) => {
    // fetch refuses such a URL with an error that quotes it whole: every lookup would fail and
    // put the password in the log and in the console's 商品接口 page
    let error: unknown;
    try {
      loadServerConfig({ ...keys, [name]: 'https://egress:pr0xy-pass@proxy.example/router' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(String((error as Error).message)).toContain(name);
    expect(String((error as Error).message)).not.toContain('pr0xy-pass');
  });
});
