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
  ['ORDER_EXPIRE_MINUTES', 'orderExpireMinutes', 30, [['15', 15]]],
  ['COLLECT_ORDER_EXPIRE_MINUTES', 'collectOrderExpireMinutes', 1440, [['60', 60]]],
  ['TRUST_PROXY', 'trustProxy', false, [['1', true]]],
  ['METRICS_TOKEN', 'metricsToken', undefined, [['s3cret', 's3cret']]],
  ['SHUTDOWN_GRACE_MS', 'shutdownGraceMs', 0, [['5000', 5000]]],
  ['SHUTDOWN_TIMEOUT_MS', 'shutdownTimeoutMs', 10000, [['20000', 20000]]],
  ['IDEMPOTENCY_WAIT_MS', 'idempotencyWaitMs', 5000, [['1000', 1000]]],
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
/** How the README writes a default: `unset` for none or off, `on` for a switch that is on. */
const readmeSpelling = (unset: unknown) => (unset === true ? 'on' : unset === undefined || unset === false ? 'unset' : String(unset));

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
    (name) => {
      expect(() => loadServerConfig({ [name]: 'soon' })).toThrow(
        new ConfigError([
          `Invalid setting ${name}="soon": set it to a whole number of at least ${name === 'SMS_SEND_TIMEOUT_MS' ? 1 : 0}.`,
        ]),
      );
    },
  );

  it('NODE_ENV: another value counts as development; production refuses to serve with the console SMS provider (the ops CLI still reads it)', () => {
    expect(loadServerConfig({ NODE_ENV: 'staging' }).nodeEnv).toBe('development');
    expect(() => loadServerConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(loadServerConfig({ NODE_ENV: 'production' }, 'ops').nodeEnv).toBe('production');
  });
});
