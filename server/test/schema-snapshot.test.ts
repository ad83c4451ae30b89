/**
 * The tables in code and the last migration snapshot agree: `npm run db:generate` after a schema
 * change writes only that change (a migration shipped without its snapshot would make the next one
 * write earlier tables again), and a migration shipped without its table change shows here too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import * as schema from '../src/tables.ts';

const migrations = join(import.meta.dirname, '../drizzle');

describe('migration snapshots', () => {
  it('the last snapshot is the schema in code: generating a migration finds nothing to do', async () => {
    const journal = JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number }[] };
    const last = String(journal.entries.at(-1)!.idx).padStart(4, '0');
    const snapshot = JSON.parse(readFileSync(join(migrations, `meta/${last}_snapshot.json`), 'utf8')) as DrizzleSnapshotJSON;
    const statements = await generateMigration(snapshot, generateDrizzleJson(schema, snapshot.id));
    expect(statements).toEqual([]);
  });
});
