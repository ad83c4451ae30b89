/**
 * The database of an ops command (and of `preflight`), opened and migrated as the server opens it;
 * a fresh one gets the same reference data as the server's first start, under the same lock.
 */
import { openDatabase, type Database } from '../db/client.ts';
import { systemClock } from '../lib/clock.ts';
import type { ServerConfig } from '../modules/index.ts';
import { seedReferenceData } from '../seed.ts';

/** `fresh`: this open created and seeded the database. */
export async function openOpsDatabase(config: ServerConfig): Promise<{ database: Database; fresh: boolean }> {
  let fresh = false;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    // A command exits at once: a concurrent index build it began would be cut short.
    backgroundIndexBuilds: false,
    prepare: async (db) => void (fresh = await seedReferenceData(db, systemClock.now(), { production: config.nodeEnv === 'production' })),
  });
  return { database, fresh };
}
