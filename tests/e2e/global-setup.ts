/**
 * Starts the real server once for all e2e files: builds the app's dist/ when missing (`npm run build`; E2E_BUILD=1 forces it)
 * under NODE_ENV=development, as an operator's shell may have it (the build must ignore it),
 * and the API's server/dist/ always (a second, so it is never stale), then starts the built API server as `npm start` runs it
 * (server/test/support/processes.mjs) on a random free port with DATA_DIR (fresh temp folder),
 * waits for /api/healthz, and provides `baseURL` to the tests (`inject('baseURL')`). Afterwards
 * `ops verify` checks the money on the folder the journeys leave behind: a finding fails the run.
 * E2E_BASE_URL=http://... skips all that and tests a server that is already running.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startApiServer } from '../../server/test/support/processes.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const repoRoot = resolve(import.meta.dirname, '..', '..');

export default async function setup(project: TestProject) {
  if (process.env.E2E_BASE_URL) {
    project.provide('baseURL', process.env.E2E_BASE_URL.replace(/\/$/, ''));
    return;
  }
  const build = (...workspace: string[]) => {
    const result = spawnSync('npm', ['run', 'build', ...workspace], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'development' },
    });
    if (result.status !== 0) throw new Error(`npm run build ${workspace.join(' ')} failed`);
  };
  if (!existsSync(join(repoRoot, 'dist', 'index.html')) || process.env.E2E_BUILD === '1') build();
  else build('-w', 'server');
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  // The console journeys sign in as the demo account made an admin (the ops CLI seeds it in a fresh folder).
  const grant = spawnSync(process.execPath, ['dist/ops.js', 'admin:grant', '13800138000', 'admin'], {
    cwd: join(repoRoot, 'server'),
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'inherit',
  });
  if (grant.status !== 0) throw new Error('ops admin:grant failed');
  const server = await startApiServer({
    built: true,
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // many registrations and sign-ins (of the demo account too) come from one address during the run
      SMS_IP_LIMIT: '10000',
      LOGIN_IP_LIMIT: '10000',
      LOGIN_PHONE_LIMIT: '10000',
      VERIFY_IP_LIMIT: '10000',
      VERIFY_PHONE_LIMIT: '10000',
      DATA_EXPORT_LIMIT: '10000',
    },
    timeoutMs: 90_000,
  }).catch((error) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  project.provide('baseURL', server.baseURL);

  return async () => {
    await server.stop();
    // The money the journeys moved must add up: `ops verify` on the folder they leave (exit 1 fails the run).
    const verify = spawnSync(process.execPath, ['dist/ops.js', 'verify'], {
      cwd: join(repoRoot, 'server'),
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    rmSync(dataDir, { recursive: true, force: true });
    if (verify.status !== 0) throw new Error(`ops verify on the e2e database failed:\n${verify.stdout}${verify.stderr}`);
    console.log(verify.stdout.trim());
  };
}
