/**
 * Server configuration, read once from the environment. Every problem (a malformed value, a
 * setting production requires but lacks) is collected, so an operator sees the whole list at once:
 * loadConfig throws a ConfigError holding one line per problem, saying what to set. The settings
 * of an outside service (SMS gateway, payment gateways) are read beside its module, as a
 * SettingsSection that the composition root (modules/index.ts, providerSettings) hands to loadConfig.
 */
import path from 'node:path';
import { webDistDir } from './paths.ts';

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
  production: boolean;
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
  const sectionSettings = section ? section({ s, env, serving, production: nodeEnv === 'production' }) : ({} as T);

  const config: Config = {
    nodeEnv,
    port: s.int('PORT', 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR ?? path.resolve(process.cwd(), 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    dbConnectTimeoutMs: s.int('DB_CONNECT_TIMEOUT_MS', DEFAULT_CONNECT_TIMEOUT_MS),
    dbStatementTimeoutMs: s.int('DB_STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS),
    metricsToken: env.METRICS_TOKEN || undefined,
    smsSendTimeoutMs: s.int('SMS_SEND_TIMEOUT_MS', 5000, 1),
    timeZone: env.TZ_BUSINESS || 'Asia/Shanghai',
    smsIpLimit: s.int('SMS_IP_LIMIT', 30),
    smsIpWindowSeconds: s.int('SMS_IP_WINDOW_SECONDS', 600),
    orderExpireMinutes: s.int('ORDER_EXPIRE_MINUTES', 30),
    collectOrderExpireMinutes: s.int('COLLECT_ORDER_EXPIRE_MINUTES', 1440),
    distDir: env.DIST_DIR ?? webDistDir,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    shutdownGraceMs: s.int('SHUTDOWN_GRACE_MS', 0),
    shutdownTimeoutMs: s.int('SHUTDOWN_TIMEOUT_MS', 10_000),
    idempotencyWaitMs: s.int('IDEMPOTENCY_WAIT_MS', 5000),
    referenceCache: env.REFERENCE_CACHE !== 'off',
  };
  if (s.problems.length > 0) throw new ConfigError(s.problems);
  return { ...config, ...sectionSettings };
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
