/**
 * The template renders the way the nginx image renders it, and the image is told the same list of
 * variables the tests use.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { floorCheckHash } from '../../build/vite-floor-check-plugin';
import { EDGE_LIMIT_DEFAULTS, NGINX_DIR, ROOT, TEMPLATE_VARIABLES, renderTemplate } from '../../tools/edge-local.mjs';

const values = {
  NGINX_PORT: '8080',
  API_UPSTREAM: 'http://api:8080',
  WEB_ROOT: '/usr/share/nginx/html',
  ASSET_ORIGIN: 'https://cdn.example.com',
  NGINX_LOCAL_RESOLVERS: '127.0.0.11',
  NGINX_ACCESS_LOG: '/var/log/nginx/access.log',
  ...EDGE_LIMIT_DEFAULTS,
};

describe('nginx template', () => {
  it('substitutes its variables and leaves nginx variables alone', async () => {
    const template = await readFile(join(NGINX_DIR, 'templates', 'default.conf.template'), 'utf8');
    const rendered = renderTemplate(template, values);
    expect(rendered).not.toMatch(/\$\{[A-Z_]+\}/);
    expect(rendered).toContain('listen 8080;');
    expect(rendered).toContain('resolver 127.0.0.11 valid=2s');
    expect(rendered).toContain('root /usr/share/nginx/html;');
    expect(rendered).toContain('map $host $api_upstream {\n    default http://api:8080;');
    expect(rendered).toContain('rate=6r/m;');
    expect(rendered).toContain('limit_req zone=api_login burst=20 nodelay;');
    expect(rendered).toContain('access_log /var/log/nginx/access.log edge;');
    // the inline browser-floor check of every page is allowed by its current hash, nothing else inline
    expect(rendered).toContain(`script-src 'self' ${floorCheckHash()} https://cdn.example.com;`);
    expect(rendered).toContain("img-src 'self' data: blob: https: https://cdn.example.com;");
    for (const nginxVariable of ['$uri', '$remote_addr', '$host', '$status', '$content_security_policy']) {
      expect(rendered).toContain(nginxVariable);
    }
  });

  it('uses exactly the variables the Dockerfile lets the image substitute', async () => {
    const template = await readFile(join(NGINX_DIR, 'templates', 'default.conf.template'), 'utf8');
    const used = new Set([...template.matchAll(/\$\{([A-Z_]+)\}/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual([...TEMPLATE_VARIABLES].sort());
    const dockerfile = await readFile(join(ROOT, 'Dockerfile'), 'utf8');
    const filter = /NGINX_ENVSUBST_FILTER="\^\(([^)]*)\)\\?\$"/.exec(dockerfile)?.[1];
    expect(filter?.split('|').sort()).toEqual([...TEMPLATE_VARIABLES].sort());
    // Each has a default in the image, except the resolvers, which its entrypoint computes.
    for (const name of TEMPLATE_VARIABLES.filter((n) => n !== 'NGINX_LOCAL_RESOLVERS')) {
      expect(dockerfile).toMatch(new RegExp(`\\b${name}=`));
    }
    expect(dockerfile).toMatch(/\bNGINX_ENTRYPOINT_LOCAL_RESOLVERS=1\b/);
    // The image's rate limits are the ones the tests assume.
    for (const [name, value] of Object.entries(EDGE_LIMIT_DEFAULTS)) {
      expect(dockerfile).toMatch(new RegExp(`\\b${name}=${value.replace('/', '\\/')} `));
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

  it('refuses to render with a variable missing', () => {
    expect(() => renderTemplate('listen ${NGINX_PORT};', { NGINX_PORT: '1' })).toThrow(/API_UPSTREAM/);
  });
});
