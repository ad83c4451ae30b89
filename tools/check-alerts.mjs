/**
 * `npm run test:alerts`: the alert rules with Prometheus's own promtool (Debian package
 * `prometheus`): `check rules`, `check config` of both configurations (compose: DNS service
 * discovery; without Docker: file-based), then `test rules` (every alert fires on the series that
 * should page and stays quiet on healthy ones, its runbook_url absolute); then that each alert has
 * its runbook section (docs/runbook.md: what it means, what to look at, what to do) and a
 * runbook_url built from the runbook_base_url external label, and that each metric the rules read
 * is one the API exports and the Grafana dashboard shows. Last, with Debian's prometheus server at
 * hand, a real Prometheus on prometheus.file-sd.yml finds and scrapes every process its targets
 * file lists, and expands RUNBOOK_BASE_URL into the external label.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const rulesDir = join(root, 'deploy/prometheus');
const problems = [];
// Both configurations read the API's token from metrics-token beside them (not committed): the
// checks run on a copy of the folder with a token of their own.
const METRICS_TOKEN = randomBytes(24).toString('hex');
const checked = mkdtempSync(join(tmpdir(), 'prometheus-config-'));
cpSync(rulesDir, checked, { recursive: true });
writeFileSync(join(checked, 'metrics-token'), METRICS_TOKEN);

for (const args of [
  ['check', 'rules', 'alerts.yml'],
  ['check', 'config', 'prometheus.yml'],
  ['check', 'config', 'prometheus.file-sd.yml'],
  ['test', 'rules', 'alerts.test.yml'],
]) {
  const run = spawnSync('promtool', args, { cwd: checked, encoding: 'utf8' });
  if (run.error) throw new Error(`promtool not found (Debian: apt-get install prometheus): ${run.error.message}`);
  process.stdout.write(`promtool ${args.join(' ')}\n${run.stdout}${run.stderr}`);
  if (run.status !== 0) problems.push(`promtool ${args.join(' ')} failed`);
}

const rules = readFileSync(join(rulesDir, 'alerts.yml'), 'utf8');
const runbook = readFileSync(join(root, 'docs/runbook.md'), 'utf8');
const dashboard = readFileSync(join(root, 'deploy/grafana/taskplan-api.json'), 'utf8');
JSON.parse(dashboard);
const exported = readFileSync(join(root, 'server/src/http/metrics.ts'), 'utf8');

const alerts = [...rules.matchAll(/- alert: (\w+)/g)].map((m) => m[1]);
for (const alert of alerts) {
  const section = runbook.split(/^## /m).find((s) => s.startsWith(`${alert}\n`));
  if (!section) problems.push(`docs/runbook.md has no "## ${alert}" section`);
  else
    for (const part of ['**What it means.**', '**What to look at.**', '**What to do.**'])
      if (!section.includes(part)) problems.push(`runbook ${alert}: no ${part}`);
  if (!rules.includes(`runbook_url: '{{ $externalLabels.runbook_base_url }}#${alert.toLowerCase()}'`))
    problems.push(`${alert}: runbook_url is not '{{ $externalLabels.runbook_base_url }}#${alert.toLowerCase()}'`);
}
// The links open: both configurations set the label, and the tests expect absolute URLs.
for (const config of ['prometheus.yml', 'prometheus.file-sd.yml']) {
  if (!/^\s+runbook_base_url: \$\{RUNBOOK_BASE_URL\}$/m.test(readFileSync(join(rulesDir, config), 'utf8')))
    problems.push(`${config}: no external label runbook_base_url: \${RUNBOOK_BASE_URL}`);
}
const expectedLinks = [...readFileSync(join(rulesDir, 'alerts.test.yml'), 'utf8').matchAll(/runbook_url: '([^']*)'/g)].map((m) => m[1]);
if (expectedLinks.length === 0 || expectedLinks.some((url) => !/^https:\/\/[^#]+#[a-z0-9]+$/.test(url)))
  problems.push('alerts.test.yml: every expected runbook_url must be an absolute https URL with its #anchor');

// Metric names in the expressions (series selectors), less PromQL functions and the scrape's own `up`.
const exprs = [...rules.matchAll(/expr: (\|\n(?:\s{10,}.*\n)+|.*\n)/g)].map((m) => m[1]).join('\n');
const metrics = new Set([...exprs.matchAll(/([a-z_]+)(?:\{|\[)/g)].map((m) => m[1].replace(/_bucket$/, '')));
for (const metric of metrics) {
  if (metric !== 'up' && !exported.includes(`name: '${metric}'`)) problems.push(`${metric}: not exported by server/src/http/metrics.ts`);
  if (!dashboard.includes(metric)) problems.push(`${metric}: not on the Grafana dashboard`);
}

/** A real Prometheus on the file-based configuration finds and scrapes every process listed. */
async function liveDiscovery() {
  const probe = spawnSync('prometheus', ['--version'], { encoding: 'utf8' });
  if (probe.error) return console.log('prometheus server not installed: live discovery check skipped');
  const work = mkdtempSync(join(tmpdir(), 'prometheus-check-'));
  const servers = [];
  let prometheus;
  try {
    // Two API processes as far as Prometheus can tell: each answers /metrics with its own readiness,
    // and only to the bearer of the token (as the API does with METRICS_TOKEN set).
    const ports = [];
    for (let i = 0; i < 2; i++) {
      const server = createServer((req, res) =>
        req.headers.authorization === `Bearer ${METRICS_TOKEN}`
          ? res.writeHead(200, { 'content-type': 'text/plain' }).end('api_ready 1\n')
          : res.writeHead(401).end(),
      );
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      servers.push(server);
      ports.push(server.address().port);
    }
    cpSync(checked, work, { recursive: true });
    writeFileSync(join(work, 'targets', 'api.json'), JSON.stringify([{ targets: ports.map((p) => `127.0.0.1:${p}`) }]));
    const config = readFileSync(join(work, 'prometheus.file-sd.yml'), 'utf8').replace('scrape_interval: 15s', 'scrape_interval: 1s');
    writeFileSync(join(work, 'prometheus.file-sd.yml'), config.replace('refresh_interval: 1m', 'refresh_interval: 1s'));
    const listen = await new Promise((r) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => r(port));
      });
    });
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${join(work, 'prometheus.file-sd.yml')}`,
        `--storage.tsdb.path=${join(work, 'data')}`,
        `--web.listen-address=127.0.0.1:${listen}`,
        '--enable-feature=expand-external-labels',
        '--log.level=error',
      ],
      { env: { ...process.env, RUNBOOK_BASE_URL: 'https://git.example.com/taskplan/docs/runbook.md' }, stdio: 'ignore' },
    );
    const api = async (path) => (await (await fetch(`http://127.0.0.1:${listen}${path}`)).json()).data;
    const deadline = Date.now() + 60_000;
    let up = [];
    while (Date.now() < deadline) {
      try {
        const targets = await api('/api/v1/targets');
        up = targets.activeTargets.filter((t) => t.labels.job === 'taskplan-api' && t.health === 'up').map((t) => t.labels.instance);
        if (up.length === ports.length) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    if (up.length !== ports.length) problems.push(`live: Prometheus scraped ${up.length} of ${ports.length} listed processes`);
    else console.log(`live: Prometheus (file_sd) found and scraped every listed process: ${up.sort().join(', ')}`);
    const yaml = (await api('/api/v1/status/config')).yaml;
    if (!yaml.includes('runbook_base_url: https://git.example.com/taskplan/docs/runbook.md'))
      problems.push('live: RUNBOOK_BASE_URL was not expanded into the external label');
  } finally {
    prometheus?.kill('SIGTERM');
    if (prometheus) await new Promise((r) => prometheus.once('exit', r));
    for (const server of servers) server.close();
    rmSync(work, { recursive: true, force: true });
  }
}
await liveDiscovery();
rmSync(checked, { recursive: true, force: true });

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `${alerts.length} alerts, each with its runbook section; metrics ${[...metrics].sort().join(', ')} exported and on the dashboard`,
);
