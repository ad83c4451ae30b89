/**
 * Follows a platform's short link (m.tb.cn, u.jd.com, 3.cn, p.pinduoduo.com, …) to the product
 * page it stands for, safely:
 * - every hop must be on the platforms' own domains (links.ts PLATFORM_DOMAINS), http(s) on the
 *   default port, no credentials in the URL;
 * - each host is resolved by DNS first, every address it answers must be public unicast (no
 *   loopback, private, link-local, CGNAT, multicast, documentation, 6to4/Teredo/NAT64-wrapped, …),
 *   and the connection goes to that checked address (the socket's lookup answers it), so a second
 *   DNS answer cannot swap in another address (rebinding);
 * - at most `maxHops` requests, and the whole (DNS included) under `timeoutMs` or until `signal`
 *   aborts (the lookup's own deadline);
 * - a redirect is read from its Location header, and the body is read only where the platform
 *   answers a page that names the target in a script (m.tb.cn's `var url = '…'`, u.jd.com's
 *   `var hrl='…'`), at most `maxBodyBytes`, stopping as soon as the target is seen.
 * It stops at the first URL links.ts recognises as an item; anything else is an UnresolvedLink.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { untilAborted } from './deadline.ts';
import { platformOf, recogniseItemUrl, type RecognisedItem } from './links.ts';

export class UnresolvedLink extends Error {
  constructor(readonly reason: 'host' | 'address' | 'dns' | 'network' | 'timeout' | 'hops' | 'not-item' | 'loop') {
    super(`short link not resolved: ${reason}`);
    this.name = 'UnresolvedLink';
  }
}

export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export interface ShortLinkOptions {
  /** DNS (default: the system resolver, every address). */
  resolve?: Resolve;
  /** Whether an address may be connected to (default: public unicast only, isPublicAddress). */
  addressAllowed?: (address: string) => boolean;
  /** Requests at most (the short link itself and the redirects after it). */
  maxHops?: number;
  /** For the whole resolution, DNS included. */
  timeoutMs?: number;
  /** Stops the resolution when it aborts (the lookup's deadline), as the timeout does. */
  signal?: AbortSignal;
  maxBodyBytes?: number;
  /** Tests only: accept ports other than 80/443 (the local stand-ins listen on a free port). */
  anyPort?: boolean;
}

export const SHORT_LINK_DEFAULTS = { maxHops: 5, timeoutMs: 5_000, maxBodyBytes: 64 * 1024 } as const;

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for a public unicast address one may connect to from the server; false for anything internal or special. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  // IPv4-mapped (::ffff:a.b.c.d): judged as the IPv4 address (the IPv4 rules above also match it)
  if (mapped) return isPublicAddress(mapped);
  // global unicast is 2000::/3; everything else (and the blocked ranges inside it) is refused
  if (!/^[23][0-9a-f]{0,3}:/i.test(address)) return false;
  return !blocked.check(address, 'ipv6');
}

const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

// Where a platform's interstitial page names its target.
const SCRIPT_TARGETS = [/\bvar\s+url\s*=\s*['"](https?:\/\/[^'"\s]+)['"]/, /\bvar\s+hrl\s*=\s*['"](https?:\/\/[^'"\s]+)['"]/];

interface Hop {
  status: number;
  location?: string;
  target?: string;
}

/** Follows `start` (a short link) to the item it stands for. */
export async function resolveShortLink(start: URL, options: ShortLinkOptions = {}): Promise<RecognisedItem> {
  const resolve = options.resolve ?? systemResolve;
  const addressAllowed = options.addressAllowed ?? isPublicAddress;
  const maxHops = options.maxHops ?? SHORT_LINK_DEFAULTS.maxHops;
  const maxBodyBytes = options.maxBodyBytes ?? SHORT_LINK_DEFAULTS.maxBodyBytes;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? SHORT_LINK_DEFAULTS.timeoutMs);
  const stop = () => controller.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) controller.abort();
  const seen = new Set<string>();
  try {
    let url = start;
    for (let hop = 0; hop < maxHops; hop += 1) {
      checkUrl(url, options.anyPort === true);
      if (seen.has(url.href)) throw new UnresolvedLink('loop');
      seen.add(url.href);
      // a resolver that never answers must not outlast the timeout (getaddrinfo cannot be cancelled)
      const answers = await untilAborted(resolve(url.hostname), controller.signal).catch(() => {
        throw new UnresolvedLink(controller.signal.aborted ? 'timeout' : 'dns');
      });
      if (answers.length === 0 || !answers.every((a) => addressAllowed(a.address))) throw new UnresolvedLink('address');
      const answer = await get(url, answers[0]!, maxBodyBytes, controller.signal);
      const next = answer.location ?? answer.target;
      if (!next) throw new UnresolvedLink('not-item');
      let nextUrl: URL;
      try {
        nextUrl = new URL(next, url);
      } catch {
        throw new UnresolvedLink('not-item');
      }
      const item = recogniseItemUrl(nextUrl);
      // a recognised item page on the platforms' own hosts: done, without fetching it
      if (item && platformOf(nextUrl)) return item;
      url = nextUrl;
    }
    throw new UnresolvedLink('hops');
  } catch (error) {
    if (error instanceof UnresolvedLink) throw error;
    throw new UnresolvedLink(controller.signal.aborted ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
}

function checkUrl(url: URL, anyPort: boolean): void {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UnresolvedLink('host');
  if (url.username || url.password || isIP(url.hostname.replace(/^\[|\]$/g, ''))) throw new UnresolvedLink('host');
  if (url.port && !anyPort) throw new UnresolvedLink('host');
  if (!platformOf(url)) throw new UnresolvedLink('host');
}

/** One GET to the checked address; answers the redirect target or the target a script names. */
function get(url: URL, address: { address: string; family: number }, maxBodyBytes: number, signal: AbortSignal): Promise<Hop> {
  // The socket connects to the address checked above, whatever DNS would say now.
  const pinned: LookupFunction = (_hostname, opts, callback) => {
    if ((opts as { all?: boolean }).all) (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Hop>((resolvePromise, reject) => {
    const req = send(
      url,
      {
        method: 'GET',
        lookup: pinned,
        signal,
        headers: {
          'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
          accept: 'text/html,*/*;q=0.8',
          'accept-encoding': 'identity',
        },
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (status >= 300 && status < 400 && location) {
          res.destroy();
          resolvePromise({ status, location });
          return;
        }
        if (status !== 200 || !/text\/html|text\/plain|javascript/i.test(String(res.headers['content-type'] ?? 'text/html'))) {
          res.destroy();
          resolvePromise({ status });
          return;
        }
        let body = '';
        let read = 0;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          read += Buffer.byteLength(chunk);
          body += chunk;
          const target = SCRIPT_TARGETS.map((p) => p.exec(body)?.[1]).find(Boolean);
          if (target || read >= maxBodyBytes) {
            res.destroy();
            resolvePromise({ status, target });
          }
        });
        res.on('end', () => resolvePromise({ status, target: SCRIPT_TARGETS.map((p) => p.exec(body)?.[1]).find(Boolean) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
