/**
 * Test support: a fresh database per call — in-memory PGlite by default, or, when
 * TEST_DATABASE_URL points at a PostgreSQL server, a new database created on it (and dropped on
 * close) — migrated and seeded with reference data, plus a built app to `inject` into.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig, type ConfigPurpose } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { seedReferenceData } from '../../src/seed.ts';
import * as schema from '../../src/tables.ts';
import { users, operators } from '../../src/tables.ts';
import { buildApp } from '../../src/app.ts';
import type { AppContext } from '../../src/http/context.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { createLogger, type Logger } from '../../src/lib/logger.ts';
import { hashPassword, newInviteCode } from '../../src/lib/crypto.ts';
import { changePoints } from '../../src/modules/points/index.ts';
import { MEMBERSHIP_ACTION, userTarget } from '../../src/modules/admin/index.ts';
import { moneyFindings, verifyReport } from '../../src/ops/verify.ts';
import { createSession } from '../../src/modules/session/index.ts';
import type { SmsProvider } from '../../src/modules/sms/index.ts';
import { createProviders, providerSettings, type Providers, type ServerConfig } from '../../src/modules/index.ts';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The server's whole configuration (with the outside services' settings) from these variables, as main.ts reads it. */
export const loadServerConfig = (env: NodeJS.ProcessEnv, purpose: ConfigPurpose = 'server'): ServerConfig =>
  loadConfig(env, purpose, providerSettings);

export interface TestEnv {
  app: FastifyInstance;
  /** With the whole configuration, so it also serves as the ops commands' context. */
  ctx: AppContext & { config: ServerConfig };
  /** The outside services the app was built with (SMS: the console provider unless `sms` was given). */
  providers: Providers;
  database: Database;
  /** Where the database lives: its PostgreSQL URL, or the PGlite folder (dataDir option) or ''. */
  location: { databaseUrl?: string; dataDir: string };
  clock: ManualClock;
  /**
   * The app's log lines at error level and above so far (parsed), handed over once: a test that
   * provokes an error asserts it here. Unless `logger` was given, the app logs warnings and errors
   * into the env instead of printing them, and close() fails on an error nobody took.
   */
  takeErrors(): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/**
 * An empty database of its own on the TEST_DATABASE_URL server, and drop() to remove it (waiting
 * briefly for its connections to end first).
 */
export async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('createScratchDatabase needs TEST_DATABASE_URL (npm run test:pg)');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      // pg's pool.end() resolves before its clients have finished closing; forcing the drop while
      // one is still open kills it with 57P01, an unhandled 'error' that fails the run. Wait (briefly).
      for (let i = 0; i < 50; i++) {
        const { rows } = await a.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

async function openTestDatabase(dataDir = ''): Promise<{ database: Database; location: TestEnv['location']; drop: () => Promise<void> }> {
  if (!usingPostgres || dataDir)
    return { database: await openDatabase({ dataDir: dataDir || 'memory://' }), location: { dataDir }, drop: async () => {} };
  const { url, drop } = await createScratchDatabase();
  return { database: await openDatabase({ databaseUrl: url, poolSize: 20 }), location: { databaseUrl: url, dataDir: '' }, drop };
}

export interface TestEnvOptions {
  config?: Partial<ServerConfig>;
  now?: string | Date;
  sms?: SmsProvider;
  /** Settings read as main.ts reads them (e.g. the item providers pointed at local fakes). */
  env?: Record<string, string>;
  /** The item lookup's parts to replace (e.g. how short links reach local stand-ins). */
  items?: Partial<Providers['items']>;
  /** A PGlite folder instead of the run's database (in memory, or TEST_DATABASE_URL's server). */
  dataDir?: string;
  /** Where the app logs (default: warnings and errors kept in the env: takeErrors()). */
  logger?: Logger;
  /** Seed reference data as a production start does (no demo collect details). */
  productionSeed?: boolean;
  /**
   * close() runs `ops verify` on the database and fails on a finding (default). Off only for files
   * that build their data outside the paying and charging paths (synthetic ledger rows, plans
   * inserted in bulk, memberships written directly).
   */
  verifyMoney?: boolean;
}

/**
 * The API's own sign-in, code-check and data-copy limits, raised for the suites: their requests
 * all come from one address (inject's 127.0.0.1) at one manual clock time. Console sessions likewise
 * outlive the days the suites move their clocks by. The tests of these rules (rate-limits.test.ts,
 * console-sessions.test.ts) set their own values, or use the documented defaults of loadServerConfig.
 */
export const RAISED_LIMITS: Partial<ServerConfig> = {
  loginIpLimit: 100_000,
  loginPhoneLimit: 100_000,
  verifyIpLimit: 100_000,
  verifyPhoneLimit: 100_000,
  dataExportLimit: 100_000,
  consoleSessionMaxHours: 24 * 3650,
  consoleSessionIdleMinutes: 60 * 24 * 3650,
};

export async function createTestEnv(opts: TestEnvOptions = {}): Promise<TestEnv> {
  const { database, location, drop } = await openTestDatabase(opts.dataDir);
  await seedReferenceData(database.db, new Date(), { production: opts.productionSeed });
  const clock = new ManualClock(opts.now ? new Date(opts.now) : new Date());
  const config: ServerConfig = { ...loadServerConfig({ NODE_ENV: 'test', ...opts.env }), ...RAISED_LIMITS, ...opts.config };
  const ctx = { config, db: database.db, clock, exclusive: database.exclusive };
  const built = createProviders(config, database.db, () => {});
  const providers: Providers = { ...built, sms: opts.sms ?? built.sms, items: { ...built.items, ...opts.items } };
  let errors: Array<Record<string, unknown>> = [];
  const logger =
    opts.logger ??
    createLogger('warn', {
      write: (line: string) => {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        if ((parsed.level as number) >= 50) errors.push(parsed);
      },
    });
  const app = await buildApp(ctx, { logger, poolStats: database.poolStats, providers });
  await app.ready();
  const takeErrors = () => {
    const taken = errors;
    errors = [];
    return taken;
  };
  return {
    app,
    ctx,
    providers,
    database,
    location,
    clock,
    takeErrors,
    /** Also runs `ops verify` on what the tests left behind: a finding fails the file, and so does an error no test took. */
    close: async () => {
      const findings =
        opts.verifyMoney === false
          ? []
          : await moneyFindings(database.db).catch((err: unknown) => [{ userId: 0, phone: '-', message: String(err) }]);
      await app.close();
      await database.close();
      await drop();
      if (findings.length > 0) throw new Error(`ops verify on the test database: ${verifyReport(findings)}`);
      const untaken = takeErrors();
      if (untaken.length > 0)
        throw new Error(
          `the app logged errors no test expected (take them with env.takeErrors()):\n${untaken.map((e) => JSON.stringify(e)).join('\n')}`,
        );
    },
  };
}

let phoneCounter = 0;
/** A fresh valid mainland mobile number, unique within the run. */
export const nextPhone = () => `139${String(process.pid % 10000).padStart(4, '0')}${String(++phoneCounter).padStart(4, '0')}`;

export interface TestUser {
  id: number;
  phone: string;
  password: string;
  token: string;
}

/**
 * A user written straight to the database (no SMS round trip) with a live session token.
 * Points go through the ledger, so the balance invariant holds from the start.
 */
export async function createTestUser(
  env: TestEnv,
  opts: {
    phone?: string;
    password?: string;
    integral?: number;
    memberLevel?: number;
    memberDeadline?: Date | null;
    inviterId?: number;
  } = {},
): Promise<TestUser> {
  const { db } = env.ctx;
  const phone = opts.phone ?? nextPhone();
  const password = opts.password ?? 'pass12345';
  const [operator] = await db.select({ id: operators.id }).from(operators).where(eq(operators.isDefault, true)).limit(1);
  const [user] = await db
    .insert(users)
    .values({
      phone,
      passwordHash: await hashPassword(password),
      inviteCode: newInviteCode(8),
      operatorId: operator?.id ?? null,
      memberLevel: opts.memberLevel ?? 1,
      memberDeadline: opts.memberDeadline ?? null,
      inviterId: opts.inviterId ?? null,
      createdAt: env.clock.now(),
    })
    .returning();
  if ((opts.memberLevel ?? 1) > 1) {
    // As if staff had set it (console or ops member:set): ops verify counts such audited settings as backing.
    await db.insert(schema.auditLog).values({
      actor: 'cli',
      action: MEMBERSHIP_ACTION,
      target: userTarget(user!.id),
      after: { memberLevel: opts.memberLevel, memberDeadline: opts.memberDeadline ?? null },
      createdAt: env.clock.now(),
    });
  }
  if (opts.integral) {
    await db.transaction((tx) =>
      changePoints(tx, {
        userId: user!.id,
        delta: opts.integral!,
        kind: 'adjust',
        reference: null,
        remark: '测试初始积分',
        at: env.clock.now(),
      }),
    );
  }
  const token = await createSession(db, user!.id, env.clock);
  return { id: user!.id, phone, password, token };
}

/**
 * Grants `user` a console role through the ops command line (audited as `cli`), then signs them in
 * again: a role change ends every session of the account. Answers the user with the new token.
 */
export async function grantRole(env: TestEnv, user: TestUser, role: 'operator' | 'admin'): Promise<TestUser> {
  const { runCommand } = await import('../../src/ops/commands.ts');
  const granted = await runCommand(env.ctx, ['admin:grant', user.phone, role]);
  if (granted.code !== 0) throw new Error(`admin:grant failed: ${granted.output}`);
  return { ...user, token: await createSession(env.ctx.db, user.id, env.clock) };
}

export interface ApiAnswer<T = any> {
  status: number;
  body: { success: boolean; message?: string; data?: T };
  headers: Record<string, unknown>;
}

/** `inject` with the app's headers (t-token when given) and the body parsed. */
export async function call<T = any>(
  env: TestEnv,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown; query?: Record<string, string | number>; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const request: InjectOptions = {
    method,
    url,
    query: opts.query ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)])) : undefined,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(opts.token ? { 't-token': opts.token } : {}),
      ...opts.headers,
    },
    payload: opts.body === undefined ? undefined : (opts.body as InjectOptions['payload']),
  };
  const res = await env.app.inject(request);
  let body: ApiAnswer<T>['body'];
  try {
    body = res.json();
  } catch {
    body = { success: false, message: res.body };
  }
  return { status: res.statusCode, body, headers: res.headers };
}

/**
 * Sends an SMS code of `type` to `phone` through the API, reads it back from the dev outbox, then
 * moves the clock past the resend wait so the next code may be sent at once.
 */
export async function smsCodeFor(env: TestEnv, phone: string, type: 1 | 3 | 4): Promise<string> {
  const sent = await call(env, 'POST', '/api/user/send-sms-code', { body: { phone, type } });
  if (sent.status !== 200) throw new Error(`sending the code failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = (await call(env, 'GET', '/api/dev/sms-outbox', { query: { phone } })).body.data.code as string;
  env.clock.advance(61_000);
  return code;
}

/**
 * Row count of every table plus the sum of all balances: equal snapshots before and after a
 * request mean it wrote nothing (that the tests can see). The rate limits' counters are left out:
 * counting a refused request is what they are for.
 */
export async function tableSnapshot(env: TestEnv): Promise<Record<string, number>> {
  const snapshot: Record<string, number> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable) || table === schema.rateLimitCounters) continue;
    const [row] = await env.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table);
    snapshot[getTableName(table)] = row!.n;
  }
  const [balances] = await env.ctx.db.select({ total: sql<number>`coalesce(sum(${users.integral}), 0)::int` }).from(users);
  snapshot['users.integral (sum)'] = balances!.total;
  return snapshot;
}

/** `npm run ops -- <args>` as a real process (src/ops/cli.ts through tsx) on the PGlite folder dataDir. */
export const opsCli =
  (dataDir: string) =>
  (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../../src/ops/cli.ts'), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
      encoding: 'utf8',
      timeout: 120_000,
    });
