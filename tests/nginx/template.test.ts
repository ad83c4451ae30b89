/**
 * nginx/edge.sh, the start-up steps of the image and of a deployment without Docker: it renders the
 * main nginx.conf and the site template with envsubst limited to its own variables (each template
 * uses exactly those), writes the `resolver` only when there are DNS servers, an `upstream` block for
 * API_SERVERS, refuses what nginx could not serve (one problem line each), and the result passes
 * `nginx -t` in Debian's nginx. The image runs the same script.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { floorCheckHash, inlineScriptHash } from '../../build/vite-floor-check-plugin';
import { appStartSource } from '../../build/app-start';
import { EDGE_DEFAULTS, NGINX_DIR, ROOT, edgeScriptVariables, runEdgeScript } from '../../tools/edge-local.mjs';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** edge.sh render into a fresh folder with these settings; the folder and what the script said. */
async function render(settings: Record<string, string | undefined>) {
  const dir = await mkdtemp(join(tmpdir(), 'edge-render-'));
  dirs.push(dir);
  const run = runEdgeScript({
    NGINX_CONF_DIR: dir,
    NGINX_ACCESS_LOG: join(dir, 'access.log'),
    WEB_ROOT: '/usr/share/nginx/html',
    ...settings,
  });
  const read = (file: string) => readFile(join(dir, file), 'utf8');
  return { dir, run, read };
}

const PROBLEM_LINE = /^[^:;]+: [^;]+; .+\.$/;

describe('nginx/edge.sh render', () => {
  it('substitutes its variables, leaves nginx variables alone, and passes nginx -t', async () => {
    const { dir, run, read } = await render({
      API_UPSTREAM: 'http://api:8080',
      ASSET_ORIGIN: 'https://cdn.example.com',
      NGINX_LOCAL_RESOLVERS: '127.0.0.11',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`${dir}/nginx.conf\n`);
    const site = await read('conf.d/default.conf');
    expect(site).not.toMatch(/\$\{[A-Z_]+\}/);
    expect(site).toContain('listen 8080;');
    expect(site).toContain('resolver 127.0.0.11 valid=2s ipv6=off; resolver_timeout 5s;');
    expect(site).toContain('root /usr/share/nginx/html;');
    expect(site).toContain('map $host $api_upstream {\n    default http://api:8080;');
    expect(site).toContain('rate=6r/m;');
    expect(site).toContain('limit_req zone=api_login burst=20 nodelay;');
    expect(site).toContain(`access_log ${dir}/access.log edge;`);
    // the inline browser-floor check and the start script of every page are allowed by their current hashes, nothing else inline
    expect(site).toContain(`script-src 'self' ${floorCheckHash()} ${inlineScriptHash(appStartSource())} https://cdn.example.com;`);
    expect(site).toContain("img-src 'self' data: blob: https: https://cdn.example.com;");
    for (const nginxVariable of ['$uri', '$remote_addr', '$host', '$status', '$content_security_policy'])
      expect(site).toContain(nginxVariable);
    const main = await read('nginx.conf');
    expect(main).toContain(`pid ${dir}/nginx.pid;`);
    expect(main).toContain(`proxy_temp_path ${dir}/temp/proxy;`);
    expect(main).toContain('include conf.d/*.conf;');
    expect(main).not.toMatch(/\$\{[A-Z_]+\}/);
    expect(await read('snippets/api-proxy.conf')).toBe(await readFile(join(NGINX_DIR, 'snippets', 'api-proxy.conf'), 'utf8'));
  });

  it('the templates use exactly the variables the script lets envsubst substitute', async () => {
    const used = new Set<string>();
    for (const template of ['nginx.conf.template', 'default.conf.template']) {
      const text = await readFile(join(NGINX_DIR, 'templates', template), 'utf8');
      for (const m of text.matchAll(/\$\{([A-Z_]+)\}/g)) used.add(m[1]!);
    }
    expect([...used].sort()).toEqual([...(await edgeScriptVariables())].sort());
  });

  it('the image runs this script', async () => {
    const dockerfile = await readFile(join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/COPY nginx\/edge\.sh \/etc\/nginx\/edge\.sh/);
    expect(dockerfile).toMatch(/COPY nginx\/templates\/ \/etc\/nginx\/templates\//);
    expect(dockerfile).toMatch(/COPY nginx\/snippets\/ \/etc\/nginx\/snippets\//);
    expect(dockerfile).toMatch(/ENTRYPOINT \["\/etc\/nginx\/edge\.sh"\]/);
    expect(dockerfile).toMatch(/CMD \["run"\]/);
  });

  it('every EDGE_* setting of the templates has its default in edge.sh, and every list of them agrees', async () => {
    const read = (file: string) => readFile(join(ROOT, file), 'utf8');
    const used = new Set<string>();
    for (const template of ['nginx.conf.template', 'default.conf.template'])
      for (const m of (await read(`nginx/templates/${template}`)).matchAll(/\$\{(EDGE_[A-Z_]+)\}/g)) used.add(m[1]!);
    const names = Object.keys(EDGE_DEFAULTS).sort();
    expect(names).toEqual([...used].sort());
    // the values the other tests (and Lighthouse's sign-ins) assume
    expect(EDGE_DEFAULTS).toEqual({
      EDGE_SMS_RATE: '6r/m',
      EDGE_SMS_BURST: '10',
      EDGE_LOGIN_RATE: '20r/m',
      EDGE_LOGIN_BURST: '20',
      EDGE_ACCOUNT_RATE: '10r/m',
      EDGE_ACCOUNT_BURST: '10',
      EDGE_EXPORT_RATE: '2r/m',
      EDGE_EXPORT_BURST: '3',
      EDGE_HSTS_INCLUDE_SUBDOMAINS: 'off',
    });

    // compose passes each to the web container from the shell or .env (unset: edge.sh's default)
    const web = /^ {2}web:\n([\s\S]*?)^ {2}\w/m.exec(await read('docker-compose.yml'))![1]!;
    expect([...web.matchAll(/^ +(EDGE_[A-Z_]+):/gm)].map((m) => m[1]).sort()).toEqual(names);
    // the examples show each commented out with its default
    for (const file of ['.env.example', 'deploy/systemd/edge.env.example']) {
      const shown = Object.fromEntries([...(await read(file)).matchAll(/^# (EDGE_[A-Z_]+)=(.*)$/gm)].map((m) => [m[1], m[2]]));
      expect(shown, file).toEqual(EDGE_DEFAULTS);
    }
    // docs/deploy.md's table: the names of a row, then their defaults in the same order
    const documented: Record<string, string> = {};
    for (const row of (await read('docs/deploy.md')).matchAll(/^\| (`EDGE_[^|]+)\| ([^|]+) \|/gm)) {
      const defaults = [...row[2]!.matchAll(/`([^`]*)`/g)].map((m) => m[1]!);
      [...row[1]!.matchAll(/`(EDGE_[A-Z_]+)`/g)].forEach((m, i) => (documented[m[1]!] = defaults[i]!));
    }
    expect(documented).toEqual(EDGE_DEFAULTS);
  });

  it('empty NGINX_LOCAL_RESOLVERS: no resolver directive, an IP upstream passes nginx -t', async () => {
    const { run, read } = await render({ API_UPSTREAM: 'http://127.0.0.1:8081', NGINX_LOCAL_RESOLVERS: '' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const site = await read('conf.d/default.conf');
    expect(site).not.toMatch(/^\s*resolver\s/m);
    expect(site).toContain('# no resolver (NGINX_LOCAL_RESOLVERS is empty)');
  });

  it('unset NGINX_LOCAL_RESOLVERS: the servers of /etc/resolv.conf, as the image computes them', async () => {
    const resolvConf = await readFile('/etc/resolv.conf', 'utf8').catch(() => '');
    const servers = [...resolvConf.matchAll(/^\s*nameserver\s+(\S+)/gm)].map((m) => (m[1]!.includes(':') ? `[${m[1]}]` : m[1]!));
    const { run, read } = await render({ API_UPSTREAM: 'http://127.0.0.1:8081', NGINX_LOCAL_RESOLVERS: undefined });
    expect(run.status, run.stderr).toBe(0);
    const site = await read('conf.d/default.conf');
    if (servers.length) expect(site).toContain(`resolver ${servers.join(' ')} valid=2s`);
    else expect(site).not.toMatch(/^\s*resolver\s/m);
  });

  it('API_SERVERS: an upstream block of N replicas that API_UPSTREAM names, no resolver needed', async () => {
    const { run, read } = await render({ API_SERVERS: '10.0.0.5:8080, 10.0.0.6:8080 10.0.0.7:8081', NGINX_LOCAL_RESOLVERS: '' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const upstream = await read('conf.d/api-upstream.conf');
    expect([...upstream.matchAll(/^\s*server (\S+) max_fails=1 fail_timeout=5s;$/gm)].map((m) => m[1])).toEqual([
      '10.0.0.5:8080',
      '10.0.0.6:8080',
      '10.0.0.7:8081',
    ]);
    expect(upstream).toMatch(/upstream taskplan_api \{/);
    expect(upstream).toMatch(/keepalive \d+;/);
    expect(await read('conf.d/default.conf')).toContain('default http://taskplan_api;');
  });

  it('refuses what nginx could not serve: one problem line each, exit 1, nothing written', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [
        { API_UPSTREAM: 'http://api:8080', NGINX_LOCAL_RESOLVERS: '' },
        /^API_UPSTREAM: names the host api, but NGINX_LOCAL_RESOLVERS is empty/,
      ],
      [{ API_UPSTREAM: 'http://api:8080/api' }, /^API_UPSTREAM: "http:\/\/api:8080\/api" is not scheme:\/\/host:port without a path;/],
      [{ API_SERVERS: '10.0.0.5:8080', API_UPSTREAM: 'http://10.0.0.9:8080' }, /^API_UPSTREAM: set together with API_SERVERS;/],
      [{ API_SERVERS: '10.0.0.5' }, /^API_SERVERS: "10.0.0.5" has no port;/],
      // The edge limits are named, not left to nginx -t (which names a line of the rendered file),
      // and a value never adds a directive of its own.
      [{ EDGE_SMS_RATE: '6/m' }, /^EDGE_SMS_RATE: "6\/m" is not a rate;/],
      [{ EDGE_EXPORT_BURST: 'three' }, /^EDGE_EXPORT_BURST: "three" is not a whole number;/],
      [{ EDGE_HSTS_INCLUDE_SUBDOMAINS: 'yes' }, /^EDGE_HSTS_INCLUDE_SUBDOMAINS: "yes" is neither on nor off;/],
    ];
    for (const [settings, line] of cases) {
      const { run, dir } = await render(settings);
      const label = JSON.stringify(settings);
      expect(run.status, label).toBe(1);
      const lines = run.stderr.split('\n').filter(Boolean);
      expect(lines, label).toEqual([expect.stringMatching(line)]);
      expect(lines[0], label).toMatch(PROBLEM_LINE);
      await expect(readFile(join(dir, 'nginx.conf'), 'utf8'), label).rejects.toThrow();
    }
    // A limit that would pass nginx -t with a directive of its own (here: every request denied).
    for (const rate of ['20r/m; deny all', '20r/m\ndeny all']) {
      const { run, dir } = await render({ EDGE_LOGIN_RATE: rate });
      expect(run.status, rate).toBe(1);
      expect(run.stderr, rate).toMatch(/^EDGE_LOGIN_RATE: "20r\/m/);
      await expect(readFile(join(dir, 'nginx.conf'), 'utf8'), rate).rejects.toThrow();
    }
  });

  it('waits for the API longer than the 30 s item lookup', async () => {
    const proxy = await readFile(join(NGINX_DIR, 'snippets', 'api-proxy.conf'), 'utf8');
    const seconds = Number(/proxy_read_timeout (\d+)s;/.exec(proxy)?.[1]);
    expect(seconds).toBeGreaterThan(30);
  });

  it('repeats a POST already sent only in the Idempotency-Key branch', async () => {
    const template = await readFile(join(NGINX_DIR, 'templates', 'default.conf.template'), 'utf8');
    const rules = [...template.matchAll(/^\s*proxy_next_upstream (.*);$/gm)].map((m) => m[1]);
    expect(rules.filter((rule) => rule.includes('non_idempotent'))).toHaveLength(1);
    expect(template).toMatch(/location @api_repeatable \{[^}]*proxy_next_upstream [^;]*non_idempotent;/);
    expect(await readFile(join(NGINX_DIR, 'snippets', 'api-proxy.conf'), 'utf8')).not.toContain('non_idempotent');
  });
});
