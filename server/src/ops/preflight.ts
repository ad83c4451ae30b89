/**
 * `npm run ops -- preflight`: would a production start go ahead, and is the site ready for its
 * first customer? The settings are read as a production start reads them (NODE_ENV=production,
 * STAGING as set), the database is opened and migrated (a fresh one seeded as that start would seed
 * it), and its data checked (readiness.ts). It prints the very lines a refused start prints (config.ts problemLine),
 * one per problem, then one summary line; exit 1 while any problem remains.
 */
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseOpenError } from '../db/client.ts';
import { providerSettings, type ServerConfig } from '../modules/index.ts';
import { goLiveProblems } from '../readiness.ts';
import { openOpsDatabase } from './database.ts';
import type { CommandOutcome } from './outcome.ts';

export const PREFLIGHT_USAGE = 'preflight';
export const PREFLIGHT_SUMMARY =
  '上线前检查：按生产环境（NODE_ENV=production）读取设置并检查数据库（占位的客服二维码、没有管理员），逐行列出会让生产环境拒绝启动的问题；有问题时退出码为 1';

/** The settings as `purpose` reads them, or what is wrong with them. */
function readConfig(env: NodeJS.ProcessEnv, purpose: 'server' | 'ops'): { config: ServerConfig | null; problems: string[] } {
  try {
    return { config: loadConfig(env, purpose, providerSettings), problems: [] };
  } catch (error) {
    if (error instanceof ConfigError) return { config: null, problems: error.problems };
    throw error;
  }
}

export async function preflight(env: NodeJS.ProcessEnv = process.env): Promise<CommandOutcome> {
  const asProduction = { ...env, NODE_ENV: 'production' };
  const { problems } = readConfig(asProduction, 'server');
  const staging = ['1', 'true'].includes(env.STAGING?.trim().toLowerCase() ?? '');
  // The data is checked whenever the database settings themselves are sound.
  let dataChecked = false;
  const { config } = readConfig(asProduction, 'ops');
  if (config) {
    try {
      // A fresh database is seeded as a production start would seed it; nothing else is changed.
      const { database } = await openOpsDatabase(config);
      try {
        problems.push(...(await goLiveProblems(database.db, { staging })));
        dataChecked = true;
      } finally {
        await database.close();
      }
    } catch (error) {
      if (!(error instanceof DatabaseOpenError)) throw error;
      problems.push(error.message);
    }
  }
  const checked = `settings${dataChecked ? ', support contact and console admin' : ''}, as NODE_ENV=production${staging ? ' with STAGING=1' : ''} reads them`;
  if (problems.length === 0) return { code: 0, output: `preflight: ready; a production start would go ahead (checked: ${checked}).` };
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  return {
    code: 1,
    output: [
      ...problems,
      `preflight: not ready, ${count} above; production refuses to start until each is fixed (checked: ${checked}).`,
    ].join('\n'),
  };
}
