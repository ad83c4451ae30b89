/**
 * `npm run test:alerts`: the alert rules with Prometheus's own promtool (Debian package
 * `prometheus`): `check rules` and `check config`, then `test rules` (every alert fires on the
 * series that should page and stays quiet on healthy ones); then that each alert has its runbook
 * section (docs/runbook.md: what it means, what to look at, what to do) and runbook_url, and that
 * each metric the rules read is one the API exports and the Grafana dashboard shows.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const rulesDir = join(root, 'deploy/prometheus');
const problems = [];

for (const args of [
  ['check', 'rules', 'alerts.yml'],
  ['check', 'config', 'prometheus.yml'],
  ['test', 'rules', 'alerts.test.yml'],
]) {
  const run = spawnSync('promtool', args, { cwd: rulesDir, encoding: 'utf8' });
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
  if (!rules.includes(`runbook_url: "docs/runbook.md#${alert.toLowerCase()}"`))
    problems.push(`${alert}: runbook_url is not docs/runbook.md#${alert.toLowerCase()}`);
}

// Metric names in the expressions (series selectors), less PromQL functions and the scrape's own `up`.
const exprs = [...rules.matchAll(/expr: (\|\n(?:\s{10,}.*\n)+|.*\n)/g)].map((m) => m[1]).join('\n');
const metrics = new Set([...exprs.matchAll(/([a-z_]+)(?:\{|\[)/g)].map((m) => m[1].replace(/_bucket$/, '')));
for (const metric of metrics) {
  if (metric !== 'up' && !exported.includes(`name: '${metric}'`)) problems.push(`${metric}: not exported by server/src/http/metrics.ts`);
  if (!dashboard.includes(metric)) problems.push(`${metric}: not on the Grafana dashboard`);
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `${alerts.length} alerts, each with its runbook section; metrics ${[...metrics].sort().join(', ')} exported and on the dashboard`,
);
