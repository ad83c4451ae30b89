/**
 * Backup and restore round trips: users, a plan and the points ledger survive a backup, a wiped
 * database and a restore exactly; a restore over a database with data is refused without --force
 * and changes nothing; the restored database takes new plans and charges correctly.
 * PGlite (a data folder) in `npm test`, PostgreSQL (pg_dump / pg_restore) in `npm run test:pg`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { plans, pointsLedger, users } from '../src/tables.ts';
import { loadConfig } from '../src/config.ts';
import { backupDatabase, backupPath, DATABASE_COMMANDS, restoreDatabase } from '../src/ops/backup.ts';
import { outcomeOf } from '../src/ops/commands.ts';
import { balanceOf, expectLedgerAddsUp, sh, UNIT_COST, validForm } from './support/plan-helpers.ts';
import { call, createTestEnv, createTestUser, usingPostgres, type TestEnv, type TestUser } from './support/support.ts';

const NOW = sh('2026-11-30T10:30:00');
const PLAN_COST = UNIT_COST * 10 * 3;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Everything money and plans depend on, row by row. */
async function snapshot(db: Db) {
  return {
    users: await db.select().from(users).orderBy(users.id),
    ledger: await db.select().from(pointsLedger).orderBy(pointsLedger.id),
    plans: await db.select().from(plans).orderBy(plans.id),
  };
}

/** Two users with points, one of them with a published plan (charged through the ledger). */
async function populate(env: TestEnv) {
  const buyer = await createTestUser(env, { integral: 1000 });
  await createTestUser(env, { integral: 50 });
  const created = await call(env, 'POST', '/api/plan/create', { token: buyer.token, body: await validForm(env) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(await balanceOf(env, buyer.id)).toBe(1000 - PLAN_COST);
  return buyer;
}

/** The restored database is live: another plan is charged once and the ledger still adds up. */
async function expectUsable(env: TestEnv, buyer: TestUser) {
  const created = await call(env, 'POST', '/api/plan/create', { token: buyer.token, body: await validForm(env) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(await balanceOf(env, buyer.id)).toBe(1000 - 2 * PLAN_COST);
  await expectLedgerAddsUp(env, buyer.id, expect);
  // Sequences came back too: a new user gets a fresh id instead of colliding with a restored one.
  await createTestUser(env, { integral: 1 });
}

describe.runIf(!usingPostgres)('backup and restore on PGlite (a data folder)', () => {
  const dataDir = path.join(work, 'data');
  const file = path.join(work, 'pglite-backup.tar.gz');
  let env: TestEnv | undefined;
  afterAll(() => env?.close());
  const open = async () => (env = await createTestEnv({ now: NOW, dataDir }));
  const close = async () => {
    await env?.close();
    env = undefined;
  };

  it('round trip through the command line: backup, wipe, restore; refuses a non-empty folder without --force', async () => {
    const buyer = await populate(await open());
    const before = await snapshot(env!.ctx.db);
    await close(); // PGlite opens a folder from one process only: the server is stopped for backups

    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/ops/cli.ts'), ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: work },
        encoding: 'utf8',
        timeout: 120_000,
      });
    const backup = cli('backup', 'pglite-backup.tar.gz'); // relative to where the operator ran npm
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toContain(`已备份 PGlite 数据库（${dataDir}）到 ${file}`);
    expect(backup.status).toBe(0);
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    // Every user's data: readable by the owner only, whatever the umask (the default 022 gave 0644).
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const refused = cli('restore', file);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('不为空，未做任何改动。确认要覆盖请加 --force');
    const restore = (...args: string[]) => outcomeOf(() => DATABASE_COMMANDS.restore!.run(loadConfig({ DATA_DIR: dataDir }), args));
    expect(await restore(path.join(work, 'missing.tar.gz'))).toEqual({
      code: 1,
      output: `错误：备份文件不存在：${path.join(work, 'missing.tar.gz')}`,
    });
    expect(await restore(file, '--yes')).toMatchObject({ code: 1, output: expect.stringContaining('错误：未知选项：--yes') });
    expect(await restore()).toMatchObject({ code: 1, output: expect.stringContaining('错误：需要一个备份文件路径') });

    fs.rmSync(dataDir, { recursive: true });
    const restored = cli('restore', file);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(await snapshot((await open()).ctx.db)).toEqual(before);
    await expectUsable(env!, buyer);
  }, 300_000);

  it('--force replaces a folder with data and keeps the old folder aside', async () => {
    await close();
    const output = await restoreDatabase({ dataDir }, file, { force: true });
    const kept = /原数据已移到 (\S+)，/.exec(output)?.[1];
    expect(kept && fs.readdirSync(kept).length).toBeGreaterThan(0);
    const db = (await open()).ctx.db;
    const restored = await snapshot(db);
    expect(restored.plans).toHaveLength(1); // the plan made after the first restore is gone with the old folder
    expect(restored.ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(1050 - PLAN_COST);
  }, 300_000);
});

describe('where a backup goes and who may read it', () => {
  it('a relative path: from BACKUP_DIR when set (itself from where npm ran), else from where npm ran; never the server folder', () => {
    const config = (backupDir?: string) => ({ backupDir });
    expect(backupPath('/srv/b/x.dump', config('/var/backups'), { INIT_CWD: '/home/ops' })).toBe('/srv/b/x.dump');
    expect(backupPath('x.dump', config('/var/backups'), { INIT_CWD: '/home/ops' })).toBe('/var/backups/x.dump');
    expect(backupPath('x.dump', config('backups'), { INIT_CWD: '/home/ops' })).toBe('/home/ops/backups/x.dump');
    expect(backupPath('daily/x.dump', config(), { INIT_CWD: '/home/ops' })).toBe('/home/ops/daily/x.dump');
    expect(backupPath('x.dump', config(), {})).toBe(path.resolve(process.cwd(), 'x.dump'));
    expect(loadConfig({ BACKUP_DIR: '/app/backups' }).backupDir).toBe('/app/backups');
    expect(loadConfig({}).backupDir).toBeUndefined();
  });

  it.runIf(!usingPostgres)(
    'the command line under umask 000: file 0600 in a folder it makes 0700, from BACKUP_DIR',
    async () => {
      const dataDir = path.join(work, 'umask-data');
      const env = await createTestEnv({ dataDir });
      await createTestUser(env, { integral: 5 });
      await env.close();
      const script = path.resolve(import.meta.dirname, '../src/ops/cli.ts');
      const run = spawnSync('sh', ['-c', `umask 000; exec "${process.execPath}" --import tsx "${script}" backup nightly.tar.gz`], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: work, BACKUP_DIR: 'kept/daily' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const folder = path.join(work, 'kept/daily');
      const file = path.join(folder, 'nightly.tar.gz');
      expect(run.stdout).toContain(`到 ${file}`);
      expect(run.stdout).toContain('仅所有者可读写');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
      expect(fs.readdirSync(folder)).toEqual(['nightly.tar.gz']); // no .partial left behind
    },
    300_000,
  );
});

describe.runIf(usingPostgres)('backup and restore on PostgreSQL (pg_dump / pg_restore)', () => {
  const file = path.join(work, 'postgres-backup.dump');
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv({ now: NOW });
  });
  afterAll(() => env?.close());
  const target = () => ({ databaseUrl: env.location.databaseUrl!, dataDir: '' });
  const wipe = () => env.ctx.db.execute(sql`drop schema drizzle cascade; drop schema public cascade; create schema public`);

  it('round trip: backup, wipe, restore; refuses a database with tables without --force; --force replaces it', async () => {
    const buyer = await populate(env);
    const before = await snapshot(env.ctx.db);
    expect(await backupDatabase(target(), file)).toContain(`已备份 PostgreSQL 数据库到 ${file}`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    await expect(restoreDatabase(target(), file)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('目标数据库不为空'),
    });
    expect(await snapshot(env.ctx.db)).toEqual(before);

    await wipe();
    expect(await restoreDatabase(target(), file)).toBe(`已从 ${file} 恢复 PostgreSQL 数据库`);
    expect(await snapshot(env.ctx.db)).toEqual(before);
    await expectUsable(env, buyer);

    expect(await restoreDatabase(target(), file, { force: true })).toContain('覆盖了原有数据');
    expect(await snapshot(env.ctx.db)).toEqual(before);
  }, 300_000);

  it('a damaged file restores nothing and says why', async () => {
    const damaged = path.join(work, 'damaged.dump');
    fs.writeFileSync(damaged, fs.readFileSync(file).subarray(0, 200));
    const before = await snapshot(env.ctx.db);
    await expect(restoreDatabase(target(), damaged, { force: true })).rejects.toMatchObject({
      message: expect.stringContaining('pg_restore 失败'),
    });
    expect(await snapshot(env.ctx.db)).toEqual(before);
  }, 120_000);
});
