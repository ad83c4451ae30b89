/**
 * Entry point of `npm start`: migrate, seed, serve the API (and the built app) on PORT.
 * Everything is logged through the structured logger, except a failed start: that prints one
 * plain line (what is wrong, what to do) and exits with code 1.
 */
import { loadConfigOrExit } from './config.ts';
import { DatabaseOpenError, openDatabase, type Database } from './db/client.ts';
import { removePlaceholderCollectDetails, seedDemoAccount, seedReferenceData, DEMO_PASSWORD, DEMO_PHONE } from './seed.ts';
import { buildApp } from './app.ts';
import { drainOnSignals } from './http/shutdown.ts';
import { useSharedCaches } from './db/shared-cache.ts';
import { systemClock } from './lib/clock.ts';
import { createLogger } from './lib/logger.ts';
import { createProviders, providerSettings, type ServerConfig } from './modules/index.ts';

const log = createLogger();

/** A start-up problem whose message already says what is wrong and what to do. */
class StartupError extends Error {}

async function start(): Promise<void> {
  // Exits 1 with one line per missing or malformed setting (production requires a real SMS provider).
  const config = loadConfigOrExit('server', process.env, providerSettings);
  useSharedCaches(config.referenceCache);

  const seeds = { reference: false, demo: false, clearedCollect: false };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    log,
    // Under the startup lock with the migrations, so processes starting together seed once.
    prepare: async (db) => {
      seeds.reference = await seedReferenceData(db, systemClock.now(), { production: config.nodeEnv === 'production' });
      // Production never offers the demo's placeholder collect QR codes or bank account.
      seeds.clearedCollect = config.nodeEnv === 'production' && (await removePlaceholderCollectDetails(db)) > 0;
      seeds.demo = config.nodeEnv !== 'production' && (await seedDemoAccount(db, systemClock.now()));
    },
  });
  try {
    await serve(config, database, seeds);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

async function serve(
  config: ServerConfig,
  database: Database,
  seeds: { reference: boolean; demo: boolean; clearedCollect: boolean },
): Promise<void> {
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
      throw new StartupError(`Port ${config.port} on ${config.host} is already in use: stop the other server or set PORT.`);
    if (code === 'EACCES') throw new StartupError(`Not allowed to listen on port ${config.port}: use a port above 1023 or set PORT.`);
    throw err;
  }
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  log.info(`Task plan server on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} — database: ${where}`);
  if (seeds.clearedCollect) log.info('Cleared the demo collect details (set the real ones with `npm run ops -- collect:set`).');
  if (seeds.reference) log.info('Seeded reference data (plan configs, goods, operator, announcement).');
  if (config.nodeEnv !== 'production')
    log.info(`Demo login: ${DEMO_PHONE} / ${DEMO_PASSWORD}${seeds.demo ? ' (just created, 10000 points)' : ''}`);
}

/** One line, no stack: known problems say what to do; anything else at least says what failed. */
function startupFailureLine(err: unknown): string {
  if (err instanceof StartupError || err instanceof DatabaseOpenError) return err.message;
  const message = err instanceof Error ? err.message : String(err);
  return `${message.split('\n')[0]} (fix the setting or the environment named here, then start again).`;
}

try {
  await start();
} catch (err) {
  console.error(`Cannot start the server: ${startupFailureLine(err)}`);
  process.exit(1);
}
