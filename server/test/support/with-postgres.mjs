/** `npm run test:pg`: the API suite against a real PostgreSQL server started for the run. */
import { spawnSync } from 'node:child_process';
import { startPostgres } from './postgres-server.mjs';

const pgServer = await startPostgres();
console.log(`PostgreSQL test server at ${pgServer.url}`);
let status;
try {
  const res = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: pgServer.url },
  });
  status = res.status ?? 1;
} finally {
  await pgServer.stop();
}
process.exit(status);
