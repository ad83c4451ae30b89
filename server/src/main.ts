/**
 * Entry point of `npm start`: migrate, seed, serve the API (and the built app) on PORT.
 * Everything is logged through the structured logger (JSON lines), except a refused start: that
 * prints one plain line per problem on stderr (config.ts problemLine, the lines `npm run ops --
 * preflight` prints) and exits with code 1. Production (and staging) also refuses to start while
 * the data holds a placeholder or lacks a piece (readiness.ts).
 */
import { loadConfigOrExit, problemLine } from './config.ts';
import { DatabaseOpenError, openDatabase, type Database } from './db/client.ts';
import { prepareDatabase, DEMO_PASSWORD, DEMO_PHONE, type Seeded } from './seed.ts';
import { buildApp } from './app.ts';
import { drainOnSignals } from './http/shutdown.ts';
import { useSharedCaches } from './db/shared-cache.ts';
import { systemClock } from './lib/clock.ts';
import { createLogger, setProcessLog } from './lib/logger.ts';
import { notProductionExposure } from './exposure.ts';
import { createProviders, providerSettings, type ServerConfig } from './modules/index.ts';
import { goLiveProblems } from './readiness.ts';

const log = createLogger();
setProcessLog(log);

/** Start-up problems, each already a problem line (what is wrong, what to do). */
class StartupError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

async function start(): Promise<void> {
  // Exits 1 with one line per missing or malformed setting (production requires a real SMS provider).
  const config = loadConfigOrExit('server', process.env, providerSettings);
  useSharedCaches(config.referenceCache);

  let seeds: Seeded = { reference: false, demo: false, clearedCollect: false };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    log,
    // Under the startup lock with the migrations, so processes starting together seed once.
    prepare: async (db) => {
      seeds = await prepareDatabase(db, systemClock.now(), { production: config.nodeEnv === 'production' });
    },
  });
  try {
    // Production serves customers: not with a placeholder support contact, nor without an admin.
    if (config.nodeEnv === 'production') {
      const problems = await goLiveProblems(database.db, { staging: config.staging });
      if (problems.length > 0) throw new StartupError(problems);
    }
    await serve(config, database, seeds);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

async function serve(config: ServerConfig, database: Database, seeds: Seeded): Promise<void> {
  const app = await buildApp(
    { config, db: database.db, clock: systemClock, exclusive: database.exclusive },
    { logger: log, poolStats: database.poolStats, providers: createProviders(config, database.db, (line) => log.info(line)) },
  );

  drainOnSignals(app, { graceMs: config.shutdownGraceMs, timeoutMs: config.shutdownTimeoutMs, closeDatabase: database.close });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE')
      throw new StartupError([
        problemLine('PORT', `${config.port} on ${config.host} is already in use`, 'stop the other server or set PORT'),
      ]);
    if (code === 'EACCES')
      throw new StartupError([problemLine('PORT', `not allowed to listen on ${config.port}`, 'use a port above 1023 or set PORT')]);
    throw err;
  }
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const exposed = notProductionExposure(config);
  if (exposed) log.warn(exposed);
  log.info(`Task plan server on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} — database: ${where}`);
  if (seeds.clearedCollect) log.info('Cleared the demo collect details (set the real ones with `npm run ops -- collect:set`).');
  if (seeds.reference) log.info('Seeded reference data (plan configs, goods, operator, announcement).');
  if (config.staging)
    log.warn(
      `STAGING: production code paths against vendor stand-ins on ${config.payments.publicBaseUrl}; every answer carries X-Deployment-Stage: staging and the app shows a banner. Not for customers.`,
    );
  if (config.nodeEnv !== 'production')
    log.info(`Demo login: ${DEMO_PHONE} / ${DEMO_PASSWORD}${seeds.demo ? ' (just created, 10000 points)' : ''}`);
}

/** One problem line each, no stack: known problems say what to do; anything else at least says what failed. */
function startupFailureLines(err: unknown): string[] {
  if (err instanceof StartupError) return err.lines;
  if (err instanceof DatabaseOpenError) return [err.message];
  const message = err instanceof Error ? err.message : String(err);
  return [problemLine('start', `${message.split('\n')[0]}`, 'fix the setting or the environment named here, then start again')];
}

try {
  await start();
} catch (err) {
  for (const line of startupFailureLines(err)) console.error(line);
  process.exit(1);
}
