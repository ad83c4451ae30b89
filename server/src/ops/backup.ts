/**
 * `backup <file>` and `restore <file> [--force]`: the whole database to one file and back, on the
 * server's database settings.
 * - PostgreSQL (DATABASE_URL): pg_dump's custom format, restored by pg_restore in one transaction,
 *   so a failed restore changes nothing. The server may keep running during a backup.
 * - PGlite (DATA_DIR): PGlite's own dump of the data folder (a gzipped tarball), restored by
 *   loading it into a new folder that then takes the old one's place. The server must be stopped:
 *   PGlite opens a folder from one process only.
 * A restore over a database that already has tables is refused unless --force.
 * A backup holds every user's personal data: its file is readable and writable by its owner only
 * (0600), and a folder the command creates for it is the owner's only (0700). A relative path is
 * taken from BACKUP_DIR when set (the image sets /app/backups), else from the folder npm was run in.
 * These commands open the database themselves (a restore must find it untouched), so they run
 * before, and instead of, the command line's usual open-migrate-seed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { loadPglite } from '../db/client.ts';
import { AppError, badRequest, conflict } from '../http/errors.ts';

export interface DatabaseCommand {
  usage: string;
  summary: string;
  run(config: Config, args: string[]): Promise<string>;
}

type Target = Pick<Config, 'databaseUrl' | 'dataDir'>;

const failed = (message: string) => new AppError(500, message);

/**
 * A backup path as the operator typed it: absolute as it is; relative, from BACKUP_DIR when set,
 * else from where they ran npm (INIT_CWD), never from the server folder npm runs the command in
 * (a relative BACKUP_DIR is itself taken from where npm was run).
 */
export const backupPath = (file: string, config: Pick<Config, 'backupDir'>, env: NodeJS.ProcessEnv = process.env) =>
  path.resolve(env.INIT_CWD ?? process.cwd(), config.backupDir ?? '.', file);

/** Owner only: a backup holds every user's phone number and history. */
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

function fileArgument(
  args: string[],
  usage: string,
  config: Pick<Config, 'backupDir'>,
  allowedFlags: string[] = [],
): { file: string; flags: Set<string> } {
  const flags = new Set(args.filter((a) => a.startsWith('--')));
  const unknown = [...flags].filter((f) => !allowedFlags.includes(f));
  if (unknown.length) throw badRequest(`未知选项：${unknown.join(' ')}。用法：${usage}`);
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length !== 1 || !files[0]) throw badRequest(`需要一个备份文件路径。用法：${usage}`);
  return { file: backupPath(files[0], config), flags };
}

const sizeText = (file: string) => `${(fs.statSync(file).size / 1024 / 1024).toFixed(2)} MB`;

/**
 * Writes through a temporary name, so a failed backup never leaves a truncated file under the
 * real one. The temporary file is made 0600 before anything is written to it (pg_dump then writes
 * into it and keeps its mode), and its folder, when missing, is made 0700.
 */
async function writeAtomically(file: string, write: (temporary: string) => Promise<void>) {
  const folder = path.dirname(file);
  if (!fs.existsSync(folder)) fs.mkdirSync(folder, { recursive: true, mode: FOLDER_MODE });
  const temporary = `${file}.partial`;
  try {
    fs.rmSync(temporary, { force: true });
    fs.writeFileSync(temporary, '', { mode: FILE_MODE, flag: 'wx' });
    fs.chmodSync(temporary, FILE_MODE); // whatever the umask
    await write(temporary);
    fs.chmodSync(temporary, FILE_MODE);
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

// ---- PostgreSQL ----------------------------------------------------------------------------

/** The URL without its password, which goes to the tool in PGPASSWORD instead (not visible in `ps`). */
function connection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${dbname}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? failed(`找不到 ${tool}：请安装 PostgreSQL 客户端（Debian：apt-get install postgresql-client），版本不低于数据库服务器`)
          : err,
      ),
    );
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(failed(`${tool} 失败（退出码 ${code}）：${stderr.trim() || '没有输出'}`));
    });
  });
}

async function postgresTableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function backupPostgres(databaseUrl: string, file: string) {
  await writeAtomically(file, (temporary) => runPgTool('pg_dump', ['--format=custom', `--file=${temporary}`], databaseUrl));
  return `已备份 PostgreSQL 数据库到 ${file}（${sizeText(file)}，pg_dump 自定义格式，仅所有者可读写）`;
}

async function restorePostgres(databaseUrl: string, file: string, force: boolean) {
  const tables = await postgresTableCount(databaseUrl);
  if (tables > 0 && !force) throw conflict(`目标数据库不为空（已有 ${tables} 张表），未做任何改动。确认要覆盖请加 --force`);
  // --clean drops the dump's objects before recreating them; --single-transaction makes it all or nothing.
  const clean = tables > 0 ? ['--clean', '--if-exists'] : [];
  await runPgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...clean, file], databaseUrl);
  return `已从 ${file} 恢复 PostgreSQL 数据库${tables > 0 ? '（覆盖了原有数据）' : ''}`;
}

// ---- PGlite --------------------------------------------------------------------------------

const holdsDatabase = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0;

async function backupPglite(dataDir: string, file: string) {
  if (!holdsDatabase(dataDir)) throw badRequest(`没有可备份的数据库：数据目录 ${dataDir} 不存在或为空`);
  const { PGlite } = await loadPglite();
  const client = new PGlite(dataDir);
  try {
    await client.waitReady;
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    await writeAtomically(file, async (temporary) => fs.writeFileSync(temporary, bytes));
  } finally {
    await client.close();
  }
  return `已备份 PGlite 数据库（${dataDir}）到 ${file}（${sizeText(file)}，仅所有者可读写）`;
}

async function restorePglite(dataDir: string, file: string, force: boolean) {
  const occupied = holdsDatabase(dataDir);
  if (occupied && !force) throw conflict(`目标数据目录 ${dataDir} 不为空，未做任何改动。确认要覆盖请加 --force（原目录会被保留并改名）`);
  const target = path.resolve(dataDir);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  const incoming = `${target}.restoring-${stamp}`;
  const { PGlite } = await loadPglite();
  fs.rmSync(incoming, { recursive: true, force: true });
  try {
    const client = new PGlite(incoming, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    try {
      await client.waitReady;
      await client.query('select 1');
    } finally {
      await client.close();
    }
  } catch (err) {
    fs.rmSync(incoming, { recursive: true, force: true });
    throw failed(`备份文件无法载入（${(err as Error).message}），原数据未改动`);
  }
  const kept = `${target}.before-restore-${stamp}`;
  if (occupied) fs.renameSync(target, kept);
  else fs.rmSync(target, { recursive: true, force: true }); // absent or an empty folder
  fs.renameSync(incoming, target);
  return `已从 ${file} 恢复 PGlite 数据库到 ${target}${occupied ? `；原数据已移到 ${kept}，确认无误后可删除` : ''}`;
}

// ---- commands ------------------------------------------------------------------------------

const BACKUP_USAGE = 'backup <备份文件>';
const RESTORE_USAGE = 'restore <备份文件> [--force]';

export async function backupDatabase(target: Target, file: string): Promise<string> {
  return target.databaseUrl ? backupPostgres(target.databaseUrl, file) : backupPglite(target.dataDir, file);
}

export async function restoreDatabase(target: Target, file: string, { force = false } = {}): Promise<string> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw badRequest(`备份文件不存在：${file}`);
  return target.databaseUrl ? restorePostgres(target.databaseUrl, file, force) : restorePglite(target.dataDir, file, force);
}

export const DATABASE_COMMANDS: Record<string, DatabaseCommand> = {
  backup: {
    usage: BACKUP_USAGE,
    summary: '把整个数据库备份到文件（PostgreSQL 用 pg_dump；PGlite 须先停止服务）',
    run: (config, args) => backupDatabase(config, fileArgument(args, BACKUP_USAGE, config).file),
  },
  restore: {
    usage: RESTORE_USAGE,
    summary: '从备份文件恢复数据库（目标非空时须加 --force；PGlite 须先停止服务）',
    run: (config, args) => {
      const { file, flags } = fileArgument(args, RESTORE_USAGE, config, ['--force']);
      return restoreDatabase(config, file, { force: flags.has('--force') });
    },
  },
};
