/** Entry point of `npm start`: migrate, seed, serve the API (and the built app) on PORT. */
import { loadConfigOrExit } from './config.ts';
import { openDatabase } from './db/client.ts';
import { removePlaceholderCollectDetails, seedDemoAccount, seedReferenceData, DEMO_PASSWORD, DEMO_PHONE } from './seed.ts';
import { buildApp } from './app.ts';
import { systemClock } from './lib/clock.ts';
import { createSmsProvider } from './modules/sms/index.ts';

// Exits 1 with one line per missing or malformed setting (production requires a real SMS provider).
const config = loadConfigOrExit('server');

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const seeded = await seedReferenceData(database.db, systemClock.now(), { production: config.nodeEnv === 'production' });
if (config.nodeEnv === 'production' && (await removePlaceholderCollectDetails(database.db))) {
  console.log('Cleared the demo collect details (set the real ones with `npm run ops -- collect:set`).');
}
const demo = config.nodeEnv !== 'production' && (await seedDemoAccount(database.db, systemClock.now()));

const app = await buildApp(
  { config, db: database.db, clock: systemClock, sms: createSmsProvider(config, database.db) },
  { logger: { level: process.env.LOG_LEVEL ?? 'info' } },
);

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
console.log(`Task plan server on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} — database: ${where}`);
if (seeded) console.log('Seeded reference data (plan configs, goods, operator, announcement).');
if (config.nodeEnv !== 'production') console.log(`Demo login: ${DEMO_PHONE} / ${DEMO_PASSWORD}${demo ? ' (just created, 10000 points)' : ''}`);
