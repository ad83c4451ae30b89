/**
 * `npm run ops -- <command> [args]`: the ops command line, on the same database settings as the
 * server (DATABASE_URL, else the PGlite folder DATA_DIR). Commands live in ./commands.ts, backup
 * and restore in ./backup.ts.
 * PGlite is single-process: stop `npm start` before running commands on its DATA_DIR (with
 * PostgreSQL the server may keep running).
 */
import { pino } from 'pino';
import { loadConfigOrExit } from '../config.ts';
import { createLogger, setProcessLog } from '../lib/logger.ts';
import { providerSettings, type ServerConfig } from '../modules/index.ts';
import { DatabaseOpenError } from '../db/client.ts';
import { seedDemoAccount } from '../seed.ts';
import { systemClock } from '../lib/clock.ts';
import { openOpsDatabase } from './database.ts';
import { databaseCommand, helpText, outcomeOf, runCommand, type CommandOutcome } from './commands.ts';
import { preflight } from './preflight.ts';

const argv = process.argv.slice(2);
if (argv.length === 0) {
  console.error(helpText());
  process.exit(1);
}

/** A table command, on the database opened (and, when fresh, seeded) as the server would. */
async function runOnOpenDatabase(config: ServerConfig): Promise<CommandOutcome> {
  const { database, fresh } = await openOpsDatabase(config);
  try {
    // Outside production a fresh folder also gets the demo account, as on the server's first start;
    // never an existing database (a production one opened from a shell without NODE_ENV=production).
    if (fresh && config.nodeEnv !== 'production') await seedDemoAccount(database.db, systemClock.now());
    return await runCommand({ db: database.db, clock: systemClock, config }, argv);
  } finally {
    await database.close();
  }
}

// What a gateway call logs while a command runs (reconcile): JSON on stderr, warnings and worse.
setProcessLog(createLogger(process.env.LOG_LEVEL || 'warn', pino.destination(2)));

if (argv[0] === 'preflight') {
  // Reads the settings as a production start would, problems and all: not loadConfigOrExit.
  const outcome = await preflight(process.env);
  (outcome.code === 0 ? console.log : console.error)(outcome.output);
  process.exit(outcome.code);
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
