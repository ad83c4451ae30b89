/**
 * The short-link resolver against local stand-ins of the platforms' short-link hosts: the test's
 * DNS answers 127.0.0.1 for the platform names (and whatever a case needs for others), the
 * address policy admits 127.0.0.1 only, so every "private" answer below is refused before any
 * connection is made; the real policy (isPublicAddress) is checked on its own.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, resolveShortLink, UnresolvedLink, type Resolve, type ShortLinkOptions } from './short-links.ts';

type Route = (req: IncomingMessage, res: ServerResponse, port: number) => void;
const routes = new Map<string, Route>();
const seen: string[] = [];
let port = 0;
const server = createServer((req, res) => {
  const key = `${req.headers.host?.replace(/:\d+$/, '')}${req.url?.split('?')[0]}`;
  seen.push(key);
  const route = routes.get(key);
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  route(req, res, port);
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const dns: Record<string, string[]> = {};
const resolve: Resolve = async (hostname) => {
  const answers = dns[hostname] ?? ['127.0.0.1'];
  if (answers.length === 0) throw new Error('ENOTFOUND');
  return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const options = (extra: ShortLinkOptions = {}): ShortLinkOptions => ({
  resolve,
  addressAllowed: (address) => address === '127.0.0.1',
  anyPort: true,
  timeoutMs: 2000,
  ...extra,
});
const at = (host: string, path: string) => new URL(`http://${host}:${port}${path}`);
const redirect =
  (to: (p: number) => string, status = 302): Route =>
  (_req, res, p) =>
    res.writeHead(status, { location: to(p) }).end();
const page =
  (html: string): Route =>
  (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' }).end(html);

async function refusal(start: URL, opts = options()) {
  try {
    await resolveShortLink(start, opts);
  } catch (error) {
    expect(error).toBeInstanceOf(UnresolvedLink);
    return (error as UnresolvedLink).reason;
  }
  throw new Error('resolved, expected a refusal');
}

describe('following short links', () => {
  it("m.tb.cn: the interstitial page's var url, without fetching the item page", async () => {
    routes.set(
      'm.tb.cn/h.UvpmkC1',
      page(`<html><script>var url = 'http://a.m.taobao.com:${port}/i612345678901.htm?price=39.9&sourceType=item';</script></html>`),
    );
    seen.length = 0;
    const item = await resolveShortLink(at('m.tb.cn', '/h.UvpmkC1?tk=sGbodnsOSIy'), options());
    expect(item).toEqual({ flowType: 'tb', itemId: '612345678901', url: 'https://item.taobao.com/item.htm?id=612345678901' });
    expect(seen).toEqual(['m.tb.cn/h.UvpmkC1']);
  });

  it("u.jd.com: the page's var hrl, then a redirect to the mobile item page", async () => {
    routes.set('u.jd.com/YO58R3K', page(`<script>var hrl='http://u.jd.com:${port}/jda?e=abc';</script>`));
    routes.set(
      'u.jd.com/jda',
      redirect((p) => `http://item.m.jd.com:${p}/product/100012043978.html?utm_source=x`),
    );
    expect(await resolveShortLink(at('u.jd.com', '/YO58R3K'), options())).toMatchObject({ flowType: 'jd', itemId: '100012043978' });
  });

  it('3.cn and p.pinduoduo.com: plain redirects (301, 302, 307)', async () => {
    routes.set(
      '3.cn/35RO-7uG',
      redirect((p) => `http://item.jd.com:${p}/100012043978.html`, 301),
    );
    routes.set(
      'p.pinduoduo.com/vOP44FOY',
      redirect((p) => `http://mobile.yangkeduo.com:${p}/goods.html?goods_id=345678901234&_oak_x=1`, 307),
    );
    expect(await resolveShortLink(at('3.cn', '/35RO-7uG'), options())).toMatchObject({ flowType: 'jd', itemId: '100012043978' });
    expect(await resolveShortLink(at('p.pinduoduo.com', '/vOP44FOY'), options())).toMatchObject({
      flowType: 'pdd',
      itemId: '345678901234',
    });
  });

  it('connects to the checked address, not to a second DNS answer (the socket is pinned)', async () => {
    // the system resolver knows no m.tb.cn here: success shows the connection used the checked 127.0.0.1
    routes.set(
      'm.tb.cn/h.pinned',
      redirect((p) => `http://item.taobao.com:${p}/item.htm?id=612345678901`),
    );
    expect(await resolveShortLink(at('m.tb.cn', '/h.pinned'), options())).toMatchObject({ itemId: '612345678901' });
  });
});

describe('refusing what is not safe or not an item', () => {
  it('a redirect to a host resolving to a private address: refused before connecting', async () => {
    dns['internal.jd.com'] = ['10.0.0.5'];
    dns['meta.jd.com'] = ['169.254.169.254'];
    routes.set(
      '3.cn/private',
      redirect((p) => `http://internal.jd.com:${p}/admin`),
    );
    routes.set(
      '3.cn/metadata',
      redirect((p) => `http://meta.jd.com:${p}/latest/meta-data/`),
    );
    seen.length = 0;
    expect(await refusal(at('3.cn', '/private'))).toBe('address');
    expect(await refusal(at('3.cn', '/metadata'))).toBe('address');
    expect(seen).toEqual(['3.cn/private', '3.cn/metadata']);
  });

  it('a name answering a public and a private address: refused', async () => {
    dns['e.tb.cn'] = ['127.0.0.1', '192.168.1.10'];
    expect(await refusal(at('e.tb.cn', '/h.mixed'))).toBe('address');
    delete dns['e.tb.cn'];
  });

  it('the default policy refuses loopback itself, before any request', async () => {
    routes.set(
      'm.tb.cn/h.loopback',
      redirect((p) => `http://item.taobao.com:${p}/item.htm?id=612345678901`),
    );
    seen.length = 0;
    expect(await refusal(at('m.tb.cn', '/h.loopback'), { resolve, anyPort: true })).toBe('address');
    expect(seen).toEqual([]);
  });

  it('redirects to other hosts, IP literals, other schemes or credentials: refused', async () => {
    routes.set(
      'u.jd.com/other',
      redirect(() => 'https://evil.example.com/item.jd.com/100012043978.html'),
    );
    routes.set(
      'u.jd.com/lookalike',
      redirect((p) => `http://jd.com.evil.example:${p}/100012043978.html`),
    );
    routes.set(
      'u.jd.com/ip',
      redirect((p) => `http://127.0.0.1:${p}/x`),
    );
    routes.set(
      'u.jd.com/ip6',
      redirect(() => 'http://[::1]/x'),
    );
    routes.set(
      'u.jd.com/file',
      redirect(() => 'file:///etc/passwd'),
    );
    routes.set(
      'u.jd.com/creds',
      redirect((p) => `http://user:pw@item.jd.com:${p}/1.html`),
    );
    for (const path of ['/other', '/lookalike', '/ip', '/ip6', '/file', '/creds']) {
      expect(await refusal(at('u.jd.com', path))).toBe('host');
    }
  });

  it('a non-default port is refused outside tests', async () => {
    expect(await refusal(at('u.jd.com', '/other'), options({ anyPort: false }))).toBe('host');
  });

  it('redirect loops and chains longer than the limit', async () => {
    routes.set(
      '3.cn/a',
      redirect((p) => `http://3.cn:${p}/b`),
    );
    routes.set(
      '3.cn/b',
      redirect((p) => `http://3.cn:${p}/a`),
    );
    expect(await refusal(at('3.cn', '/a'))).toBe('loop');
    for (let i = 0; i < 8; i += 1)
      routes.set(
        `3.cn/c${i}`,
        redirect((p) => `http://3.cn:${p}/c${i + 1}`),
      );
    seen.length = 0;
    expect(await refusal(at('3.cn', '/c0'), options({ maxHops: 5 }))).toBe('hops');
    expect(seen).toHaveLength(5);
  });

  it('a page that names no item, and a body past the limit: not an item, read no further', async () => {
    routes.set('m.tb.cn/h.home', page('<html>淘宝首页</html>'));
    expect(await refusal(at('m.tb.cn', '/h.home'))).toBe('not-item');
    let written = 0;
    routes.set('m.tb.cn/h.huge', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = 'x'.repeat(16 * 1024);
      const write = () => {
        while (written < 10 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        res.end();
      };
      res.on('error', () => {});
      write();
    });
    expect(await refusal(at('m.tb.cn', '/h.huge'), options({ maxBodyBytes: 64 * 1024 }))).toBe('not-item');
    expect(written).toBeLessThan(10 * 1024 * 1024);
  });

  it('a host that never answers: timeout', async () => {
    routes.set('p.pinduoduo.com/slow', () => {});
    expect(await refusal(at('p.pinduoduo.com', '/slow'), options({ timeoutMs: 300 }))).toBe('timeout');
  });

  it('a name DNS does not know', async () => {
    dns['s.tb.cn'] = [];
    expect(await refusal(at('s.tb.cn', '/h.x'))).toBe('dns');
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['203.119.0.1', true],
    ['140.205.94.189', true],
    ['2408:4000::1', true],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.0.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['198.18.0.1', false],
    ['::1', false],
    ['::', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['ff02::1', false],
    ['64:ff9b::a00:1', false],
    ['2002:0a00:0001::1', false],
    ['2001:db8::1', false],
    ['not-an-address', false],
  ])('%s -> %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
