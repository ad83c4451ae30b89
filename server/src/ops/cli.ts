/**
 * `npm run ops -- <command> [args]`: the ops command line, on the same database settings as the
 * server (DATABASE_URL, else the PGlite folder DATA_DIR). Commands live in ./commands.ts, backup
 * and restore in ./backup.ts.
 * PGlite is single-process: stop `npm start` before running commands on its DATA_DIR (with
 * PostgreSQL the server may keep running).
 */
import { loadConfigOrExit } from '../config.ts';
import { providerSettings, type ServerConfig } from '../modules/index.ts';
import { DatabaseOpenError, openDatabase } from '../db/client.ts';
import { seedDemoAccount, seedReferenceData } from '../seed.ts';
import { systemClock } from '../lib/clock.ts';
import { databaseCommand, helpText, outcomeOf, runCommand, type CommandOutcome } from './commands.ts';

const argv = process.argv.slice(2);
if (argv.length === 0) {
  console.error(helpText());
  process.exit(1);
}

/** A table command, on the database opened (and, when fresh, seeded) as the server would. */
async function runOnOpenDatabase(config: ServerConfig): Promise<CommandOutcome> {
  // A fresh database gets the same reference data as the server's first start (under the same lock).
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    prepare: async (db) => void (await seedReferenceData(db, systemClock.now(), { production: config.nodeEnv === 'production' })),
  });
  try {
    // Outside production a fresh folder also gets the demo account, as on the server's first start.
    if (config.nodeEnv !== 'production') await seedDemoAccount(database.db, systemClock.now());
    return await runCommand({ db: database.db, clock: systemClock, config }, argv);
  } finally {
    await database.close();
  }
}

const config = loadConfigOrExit('ops', process.env, providerSettings);
// backup / restore open the database themselves: a restore must find it as it is, not migrated and seeded.
const wholeDatabase = databaseCommand(argv[0]);
let code = 1;
try {
  const outcome = wholeDatabase ? await outcomeOf(() => wholeDatabase.run(config, argv.slice(1))) : await runOnOpenDatabase(config);
  (outcome.code === 0 ? console.log : console.error)(outcome.output);
  code = outcome.code;
} catch (err) {
  // A database that cannot be opened gets the same one line as a failed server start, no stack.
  if (err instanceof DatabaseOpenError) console.error(err.message);
  else console.error('操作失败（未预期的错误）：', err);
}
process.exit(code);
