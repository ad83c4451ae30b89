/**
 * Server configuration, read once from the environment. Every problem (a malformed value, a
 * setting production requires but lacks) is collected, so an operator sees the whole list at once:
 * loadConfig throws a ConfigError holding one line per problem (problemLine: the setting, what is
 * wrong, what to do), the lines a refused start prints and `npm run ops -- preflight` prints too.
 * The settings of an outside service (SMS gateway, payment gateways) are read beside its module, as
 * a SettingsSection that the composition root (modules/index.ts, providerSettings) hands to loadConfig.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { webDistDir } from './paths.ts';

/**
 * One problem, in the one format of a refused start and of `ops preflight`: one line,
 * `<subject>: <what is wrong>; <what to do>.` The subject is the setting to change (PUBLIC_BASE_URL)
 * or the piece that is missing (support contact, console admin).
 */
export const problemLine = (subject: string, wrong: string, fix: string): string => `${subject}: ${wrong}; ${fix}.`;

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  /**
   * Who may use the development tools (GET /api/dev/sms-outbox, the sandbox payment gateway,
   * signing in as the demo account): 'all' with NODE_ENV=development or test set explicitly,
   * 'loopback' (clients on this machine only) with NODE_ENV unset or another value, 'none' in
   * production.
   */
  devTools: 'all' | 'loopback' | 'none';
  port: number;
  host: string;
  /** Folder of the embedded PGlite database; ignored when databaseUrl is set. Empty string = in memory. */
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL: opening a connection gives up after this long (start-up fails, requests answer 503). */
  dbConnectTimeoutMs: number;
  /** PostgreSQL: a statement running longer is cancelled (the request answers 503). */
  dbStatementTimeoutMs: number;
  /** When set, GET /metrics requires `Authorization: Bearer <token>` (production requires it). */
  metricsToken?: string;
  /** A gateway that has not answered after this long counts as failed. */
  smsSendTimeoutMs: number;
  /** Business time zone for plan days and hours. */
  timeZone: string;
  /** Per-IP SMS sending limit: at most smsIpLimit send attempts per smsIpWindowSeconds. */
  smsIpLimit: number;
  smsIpWindowSeconds: number;
  /** Sign-in attempts per client address (IPv6: per /64) and per phone, per loginWindowSeconds. */
  loginIpLimit: number;
  loginPhoneLimit: number;
  loginWindowSeconds: number;
  /** Requests that check an SMS code (registration, password reset or change, deletion) per client address and per phone, per verifyWindowSeconds. */
  verifyIpLimit: number;
  verifyPhoneLimit: number;
  verifyWindowSeconds: number;
  /** Copies of an account's data (下载我的数据) per account per dataExportWindowSeconds. */
  dataExportLimit: number;
  dataExportWindowSeconds: number;
  /** Points one operator (not an admin) may adjust: in one action, and in total per business day (credits and debits alike). */
  operatorPointsPerAction: number;
  operatorPointsPerDay: number;
  /** Sessions of accounts with a console role: ended this long after sign-in, and after this long unused. */
  consoleSessionMaxHours: number;
  consoleSessionIdleMinutes: number;
  /** Unpaid orders expire after this many minutes. */
  orderExpireMinutes: number;
  /** Unpaid collect / contact-staff orders (pay types 3, 4, 6, 9) expire after this many minutes: staff need time to see the transfer. */
  collectOrderExpireMinutes: number;
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
  /** Where `ops backup` / `ops restore` take a relative file name from (BACKUP_DIR); unset: the folder npm was run in. */
  backupDir?: string;
  /** Reference data answered from memory (REFERENCE_CACHE=off reads it from the database every time: a benchmark's baseline). */
  referenceCache: boolean;
  /**
   * STAGING=1 (with NODE_ENV=production): a rehearsal against vendor stand-ins (`npm run staging`).
   * The production code paths, but gateways on loopback or a private network are accepted, the
   * origin must not be public, and every answer says so (X-Deployment-Stage: staging, the app's banner).
   */
  staging: boolean;
  /** Beijing time of day after which the gateways' bills of the day before are published: reconciliation starts then. */
  reconcileAt: { hour: number; minute: number };
}

/** The configuration cannot be used; `problems` has one line per setting to fix. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Reads settings and records what is wrong with them instead of stopping at the first problem. */
export class SettingsReader {
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
    if (value === undefined) this.problems.push(problemLine(name, 'missing', `set it to ${what}`));
    return value ?? '';
  }

  int(name: string, fallback: number, min = 0): number {
    const raw = this.optional(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < min) {
      this.problems.push(
        problemLine(name, `"${raw}" is not a whole number of at least ${min}`, `set it to one, or unset it for ${fallback}`),
      );
      return fallback;
    }
    return n;
  }

  /** A time of day `HH:mm` (24-hour clock). */
  timeOfDay(name: string, fallback: string): { hour: number; minute: number } {
    const raw = this.optional(name) ?? fallback;
    const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(raw);
    if (!match) {
      this.problems.push(problemLine(name, `"${raw}" is not a time of day as HH:mm`, `set it to one such as ${fallback}`));
      const [hour, minute] = fallback.split(':').map(Number) as [number, number];
      return { hour, minute };
    }
    return { hour: Number(match[1]), minute: Number(match[2]) };
  }

  url(name: string, fallback: string): string {
    const raw = this.optional(name) ?? fallback;
    if (!isHttpUrl(raw)) this.problems.push(problemLine(name, `"${raw}" is not a full http(s) URL`, `set it to one such as ${fallback}`));
    return raw;
  }
}

export function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Name suffixes that never resolve on the public internet (RFC 2606, 6761, 6762, 8375) or by convention name a private network. */
const PRIVATE_NAME_SUFFIXES = [
  'localhost',
  'test',
  'example',
  'invalid',
  'local',
  'internal',
  'lan',
  'home.arpa',
  'intranet',
  'corp',
  'private',
];

/**
 * False for a host nobody on the public internet reaches: loopback, private, link-local and
 * carrier-grade NAT addresses, single-label names, and names under the private suffixes above.
 * Staging must run on such a host, and production must not send its gateways' traffic to one.
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  const ip = isIP(host);
  if (ip === 4) {
    const [a, b] = host.split('.').map(Number) as [number, number];
    return !(
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (ip === 6) {
    // An IPv4 address mapped into IPv6 (::ffff:10.0.0.5, which URL writes ::ffff:a00:5) is that IPv4 address.
    const mapped = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(host);
    if (mapped) {
      const [, dotted, high, low] = mapped;
      const n = dotted ? 0 : parseInt(high!, 16) * 65536 + parseInt(low!, 16);
      return isPublicHost(dotted ?? [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'));
    }
    return !(host === '::' || host === '::1' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host));
  }
  if (!host.includes('.')) return false;
  return !PRIVATE_NAME_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/**
 * The problem line of a vendor endpoint setting in production that points anywhere but the
 * vendor's public https API (a stand-in on loopback or a private network, plain http, a vendor
 * sandbox), or null. Staging (STAGING=1) accepts stand-ins: there it is never called.
 */
export function standInEndpointProblem(name: string, value: string, vendorDefault: string, sandboxHosts: string[] = []): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null; // reported as malformed by whoever read it
  }
  const fix = `unset it (the vendor's ${vendorDefault}), or set STAGING=1 for a rehearsal against stand-ins`;
  if (sandboxHosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`)))
    return problemLine(name, `${value} is the vendor's sandbox, where no real money or message moves`, fix);
  if (url.protocol !== 'https:' || !isPublicHost(url.hostname))
    return problemLine(name, `${value} is not the vendor's public https API (a stand-in?)`, fix);
  return null;
}

/**
 * What the configuration is for: 'server' needs the outside services it talks to (SMS gateway);
 * 'ops' (the command line) only needs the database settings, so a gateway problem never keeps an
 * operator from the ops commands.
 */
export type ConfigPurpose = 'server' | 'ops';

/** Where a group of settings is read: the reader that collects problems, the environment, and what for. */
export interface SettingsScope {
  s: SettingsReader;
  env: NodeJS.ProcessEnv;
  /** 'server': the outside services are needed too (see ConfigPurpose). */
  serving: boolean;
  /** NODE_ENV=production, staging or not. */
  production: boolean;
  /** STAGING=1: production against vendor stand-ins (Config.staging). */
  staging: boolean;
}

/** A group of settings read beside the module that uses them; its problems join the others. */
export type SettingsSection<T extends object> = (scope: SettingsScope) => T;

/**
 * Reads the environment (and the `section`'s settings, listed first); throws ConfigError listing
 * every problem when anything is wrong.
 */
export function loadConfig<T extends object = object>(
  env: NodeJS.ProcessEnv = process.env,
  purpose: ConfigPurpose = 'server',
  section?: SettingsSection<T>,
): Config & T {
  const serving = purpose === 'server';
  const s = new SettingsReader(env);
  const nodeEnv = env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const staging = readStaging(s, nodeEnv);
  const devTools = nodeEnv === 'production' ? 'none' : env.NODE_ENV === 'development' || env.NODE_ENV === 'test' ? 'all' : 'loopback';
  const sectionSettings = section ? section({ s, env, serving, production: nodeEnv === 'production', staging }) : ({} as T);

  const config: Config = {
    nodeEnv,
    devTools,
    port: s.int('PORT', 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR ?? path.resolve(process.cwd(), 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    dbConnectTimeoutMs: s.int('DB_CONNECT_TIMEOUT_MS', DEFAULT_CONNECT_TIMEOUT_MS),
    dbStatementTimeoutMs: s.int('DB_STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS),
    metricsToken: s.optional('METRICS_TOKEN'),
    smsSendTimeoutMs: s.int('SMS_SEND_TIMEOUT_MS', 5000, 1),
    timeZone: env.TZ_BUSINESS || 'Asia/Shanghai',
    smsIpLimit: s.int('SMS_IP_LIMIT', 30),
    smsIpWindowSeconds: s.int('SMS_IP_WINDOW_SECONDS', 600),
    loginIpLimit: s.int('LOGIN_IP_LIMIT', 30),
    loginPhoneLimit: s.int('LOGIN_PHONE_LIMIT', 10),
    loginWindowSeconds: s.int('LOGIN_WINDOW_SECONDS', 600, 1),
    verifyIpLimit: s.int('VERIFY_IP_LIMIT', 30),
    verifyPhoneLimit: s.int('VERIFY_PHONE_LIMIT', 10),
    verifyWindowSeconds: s.int('VERIFY_WINDOW_SECONDS', 600, 1),
    dataExportLimit: s.int('DATA_EXPORT_LIMIT', 5),
    dataExportWindowSeconds: s.int('DATA_EXPORT_WINDOW_SECONDS', 3600, 1),
    operatorPointsPerAction: s.int('OPERATOR_POINTS_PER_ACTION', 10_000),
    operatorPointsPerDay: s.int('OPERATOR_POINTS_PER_DAY', 50_000),
    consoleSessionMaxHours: s.int('CONSOLE_SESSION_MAX_HOURS', 12, 1),
    consoleSessionIdleMinutes: s.int('CONSOLE_SESSION_IDLE_MINUTES', 30, 1),
    orderExpireMinutes: s.int('ORDER_EXPIRE_MINUTES', 30),
    collectOrderExpireMinutes: s.int('COLLECT_ORDER_EXPIRE_MINUTES', 1440),
    distDir: env.DIST_DIR ?? webDistDir,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    shutdownGraceMs: s.int('SHUTDOWN_GRACE_MS', 0),
    shutdownTimeoutMs: s.int('SHUTDOWN_TIMEOUT_MS', 10_000),
    idempotencyWaitMs: s.int('IDEMPOTENCY_WAIT_MS', 5000),
    referenceCache: env.REFERENCE_CACHE !== 'off',
    backupDir: s.optional('BACKUP_DIR'),
    staging,
    reconcileAt: s.timeOfDay('RECONCILE_AT', '10:00'),
  };
  if (serving && nodeEnv === 'production' && !config.metricsToken)
    s.problems.push(
      problemLine(
        'METRICS_TOKEN',
        'missing (production does not serve /metrics without a token)',
        'set it to a long random string (e.g. `openssl rand -hex 32`), which GET /metrics then requires as Authorization: Bearer <it>',
      ),
    );
  if (s.problems.length > 0) throw new ConfigError(s.problems);
  return { ...config, ...sectionSettings };
}

/** STAGING: 1/true on, 0/false/unset off; on only together with NODE_ENV=production (it rehearses production). */
function readStaging(s: SettingsReader, nodeEnv: Config['nodeEnv']): boolean {
  const raw = s.optional('STAGING')?.toLowerCase();
  if (raw === undefined || raw === '0' || raw === 'false') return false;
  if (raw !== '1' && raw !== 'true') {
    s.problems.push(
      problemLine('STAGING', `"${raw}" is neither 1 nor 0`, 'set STAGING=1 for a rehearsal against vendor stand-ins, or unset it'),
    );
    return false;
  }
  if (nodeEnv !== 'production') {
    s.problems.push(
      problemLine(
        'STAGING',
        `set without NODE_ENV=production (it is ${nodeEnv})`,
        'staging runs the production code paths: set NODE_ENV=production too, or unset STAGING',
      ),
    );
    return false;
  }
  return true;
}

/**
 * loadConfig for an entry point: on a ConfigError prints its lines (no stack) and exits 1, so a
 * misconfigured container says exactly what to set.
 */
export function loadConfigOrExit<T extends object = object>(
  purpose: ConfigPurpose,
  env: NodeJS.ProcessEnv = process.env,
  section?: SettingsSection<T>,
): Config & T {
  try {
    return loadConfig(env, purpose, section);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.error(problem);
    process.exit(1);
  }
}
