/**
 * One `ops verify` on the database of DATABASE_URL (or DATA_DIR), as `npm run ops -- verify` runs
 * it, in a process of its own: prints the first line of its report, the wall time, the peak RSS
 * (VmHWM) and the peak V8 heap (sampled every 20 ms). Run by bench/verify.ts; it imports only
 * what every version of the ops command line has, so a copy of it measures an older commit too.
 */
import fs from 'node:fs';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { runCommand } from '../src/ops/commands.ts';
import { systemClock } from '../src/lib/clock.ts';
import { providerSettings } from '../src/modules/index.ts';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const vmHwm = () => Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;

const config = loadConfig(process.env, 'ops', providerSettings);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: 2,
  statementTimeoutMs: config.dbStatementTimeoutMs,
});
global.gc?.();
const rssBefore = vmHwm();
const heapBefore = process.memoryUsage().heapUsed;
let heapPeak = process.memoryUsage().heapUsed;
const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 20);
const started = performance.now();
const outcome = await runCommand({ db: database.db, clock: systemClock, config }, ['verify']);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
console.log(`  report: ${outcome.output.split('\n')[0]} (exit ${outcome.code})`);
console.log(
  `  ${seconds.toFixed(1)} s, peak RSS ${mb(vmHwm())} (${mb(rssBefore)} before the check), peak heap ${mb(heapPeak)} (${mb(heapBefore)} before)`,
);
await database.close();
