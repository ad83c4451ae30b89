/** The migration tests' support: the migrations folder as it was before a given migration. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from '../../src/paths.ts';

const copies: string[] = [];

/** A copy of the migrations folder whose journal stops before migration `idx` (removed by removeMigrationCopies). */
export function migrationsBefore(idx: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  copies.push(dir);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx < idx);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** For afterAll: removes the copies migrationsBefore made. */
export function removeMigrationCopies(): void {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
}
