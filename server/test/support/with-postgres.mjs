/** `npm run test:pg`: the API suite against a real PostgreSQL server started for the run. */
import { spawn } from 'node:child_process';
import { startPostgres } from './postgres-server.mjs';

const pgServer = await startPostgres();
console.log(`PostgreSQL test server at ${pgServer.url}`);
let status;
try {
  // Not spawnSync: this process must go on reading the server's stderr (postgres-server.mjs), or
  // once 64 KB of server log fills the pipe every backend that logs blocks, and the run hangs.
  const vitest = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: pgServer.url },
  });
  status = await new Promise((resolve) => {
    vitest.on('exit', (code) => resolve(code ?? 1));
    // npx missing or not runnable: fail the run, and still stop the server (finally).
    vitest.on('error', (err) => {
      console.error(err);
      resolve(1);
    });
  });
} finally {
  await pgServer.stop();
}
process.exit(status);
