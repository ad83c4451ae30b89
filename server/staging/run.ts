/**
 * `npm run staging`: a rehearsal of going live without a single real key. The production build of
 * the API and app (`node server/dist/main.js`, NODE_ENV=production) with STAGING=1, against the
 * vendor stand-ins of ./stand-ins.ts on this machine; the app shows the staging banner, and the
 * stand-ins' page plays the customer's phone (SMS codes, paying). docs/go-live.md walks through it.
 *
 *   npm run staging [-- --port 8080] [--no-build]   the app on http://127.0.0.1:8080 (built first)
 *   npm run staging -- ops <command> [args]         an ops command on the staging data and settings
 *   npm run staging -- stand-ins --host <address> --public-base-url <origin> [--env-file <file>]
 *                                                   only the stand-ins, for API processes deployed
 *                                                   elsewhere (image, systemd): their settings go to the env file
 *
 * The staging data and settings live in STAGING_DIR (default ./data-staging): the PGlite folder
 * `db` (unless DATABASE_URL is set) and `staging.env` (mode 0600: it holds the stand-ins' keys).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { envFileText, startStandIns, type StandIns } from './stand-ins.ts';

const root = path.resolve(import.meta.dirname, '../..');
const serverDir = path.join(root, 'server');
const stateDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.STAGING_DIR ?? 'data-staging');
const envFile = path.join(stateDir, 'staging.env');

const argv = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
};
const flag = (name: string) => argv.includes(`--${name}`);
const say = (line: string) => process.stdout.write(`${line}\n`);

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

function run(command: string, args: string[], cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) fail(`staging: ${command} ${args.join(' ')} failed`);
}

/** The settings of the last staging run (the stand-ins' keys and addresses), or none yet. */
function keptSettings(file = envFile): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  const entries = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1]!, m[2]!] as const);
  return Object.fromEntries(entries);
}

function writeSettings(file: string, env: Record<string, string>) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, envFileText(env), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

/** What every staging process gets: production code, the staging mark, the staging database. */
const stagingBase = (): Record<string, string> => ({
  NODE_ENV: 'production',
  STAGING: '1',
  ...(process.env.DATABASE_URL ? {} : { DATA_DIR: process.env.DATA_DIR ?? path.join(stateDir, 'db') }),
});

/**
 * Production requires METRICS_TOKEN (GET /metrics answers only with it): the one given, else the
 * last run's (a Prometheus already set up with it keeps scraping), else a new one.
 */
const metricsToken = (file = envFile): string =>
  process.env.METRICS_TOKEN || keptSettings(file).METRICS_TOKEN || randomBytes(32).toString('hex');

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra, NPM_CONFIG_UPDATE_NOTIFIER: 'false' };
}

async function opsCommand(args: string[]): Promise<never> {
  run('npm', ['run', '--silent', 'build', '-w', 'server']);
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/ops.js', ...args], {
    cwd: serverDir,
    env: childEnv({ ...keptSettings(), ...stagingBase(), INIT_CWD: process.env.INIT_CWD ?? process.cwd() }),
    stdio: 'inherit',
  });
  const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
  process.exit(code);
}

async function standInsOnly(): Promise<void> {
  const host = option('host') ?? '127.0.0.1';
  const publicBaseUrl =
    option('public-base-url') ?? fail('staging stand-ins: --public-base-url <origin> is required (the PUBLIC_BASE_URL of the staging API)');
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), option('env-file') ?? envFile);
  const standIns = await startStandIns({ host, publicBaseUrl, notifyOrigin: option('notify-origin'), onEvent: say });
  writeSettings(file, {
    NODE_ENV: 'production',
    STAGING: '1',
    PUBLIC_BASE_URL: publicBaseUrl,
    METRICS_TOKEN: metricsToken(file),
    ...standIns.env,
  });
  say(`Vendor stand-ins on ${host}: the staging API's settings are in ${file} (mode 0600); add them to its environment and restart it.`);
  say(`The customer's phone (SMS codes, paying): ${standIns.pageUrl}`);
  say('Ctrl-C stops the stand-ins (a new run makes new keys: give the API the new file).');
  await untilStopped(async () => standIns.stop());
}

function untilStopped(stop: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    let stopping = false;
    const onSignal = () => {
      if (stopping) return;
      stopping = true;
      stop().finally(() => resolve());
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

async function waitUntilReady(url: string, child: ReturnType<typeof spawn>): Promise<boolean> {
  const exited = new Promise<false>((resolve) => child.once('exit', () => resolve(false)));
  for (;;) {
    const ready = fetch(`${url}/api/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    const outcome = await Promise.race([ready, exited]);
    if (outcome) return true;
    if (child.exitCode !== null || child.signalCode !== null) return false;
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function wholeStaging(): Promise<void> {
  const port = option('port') ?? process.env.PORT ?? '8080';
  const publicBaseUrl = process.env.PUBLIC_BASE_URL ?? `http://127.0.0.1:${port}`;
  if (!flag('no-build')) run('npm', ['run', '--silent', 'build']);
  let standIns: StandIns | undefined;
  standIns = await startStandIns({ publicBaseUrl, onEvent: say });
  const env = { ...stagingBase(), PUBLIC_BASE_URL: publicBaseUrl, METRICS_TOKEN: metricsToken(), ...standIns.env };
  writeSettings(envFile, env);
  const api = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: serverDir,
    env: childEnv({ ...env, PORT: port, HOST: process.env.HOST ?? '127.0.0.1' }),
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (api.exitCode === null && api.signalCode === null) {
      api.kill('SIGTERM');
      await new Promise((r) => api.once('exit', r));
    }
    await standIns?.stop();
    standIns = undefined;
  };
  if (!(await waitUntilReady(url, api))) {
    await stop();
    fail(
      [
        '',
        'staging: the API refused to start, for the reasons above (one line each, as `npm run ops -- preflight` prints them).',
        'That is the rehearsal: fix each with `npm run staging -- ops <command>` on the staging data, e.g.',
        '  npm run staging -- ops operator:set 小美 /service/operator-avatar.svg https://static.example.com/wechat-qr.png "工作时间 10 分钟内回复"',
        '  npm run staging -- ops admin:create 13900000000',
        '  npm run staging -- ops preflight',
        'then run `npm run staging` again.',
      ].join('\n'),
    );
  }
  say('');
  say(`Staging: ${url} (production code, vendor stand-ins; the app shows the staging banner)`);
  say(`The customer's phone (SMS codes, paying): ${standIns.pageUrl}`);
  say(`Settings of this run: ${envFile}; ops commands: npm run staging -- ops <command>. Ctrl-C stops it all.`);
  api.once('exit', (code) => {
    void standIns?.stop().finally(() => process.exit(code ?? 1));
  });
  await untilStopped(stop);
}

if (argv[0] === 'ops') await opsCommand(argv.slice(1));
else if (argv[0] === 'stand-ins') await standInsOnly();
else await wholeStaging();
