/**
 * Who a client is, for the per-address limits and the development tools: an IPv4 address as it is,
 * an IPv6 address by its /64 (one home or phone line gets a whole /64 and may rotate through it at
 * will), an IPv4 address mapped into IPv6 as the IPv4 address.
 */
import { isIP, isIPv4 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (with `::` and an IPv4 tail expanded), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0]!.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    if (!isIPv4(tail[1]!)) return null;
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const groups = [...head, ...Array<number>(Math.max(0, missing)).fill(0), ...rest];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The key a per-address limit counts under: `1.2.3.4`, or `2001:db8:1:2::/64` for any address of
 * that /64 (`::ffff:1.2.3.4` counts as `1.2.3.4`). Anything unparsable counts as itself.
 */
export function clientAddressKey(ip: string | undefined): string {
  const address = (ip ?? '').trim();
  if (!address) return 'unknown';
  if (isIPv4(address)) return address;
  const groups = isIP(address.split('%')[0]!) === 6 ? ipv6Groups(address) : null;
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** True for an address of this machine: 127.0.0.0/8, ::1, or IPv4 loopback mapped into IPv6. */
export function isLoopbackAddress(ip: string | undefined): boolean {
  const key = clientAddressKey(ip);
  if (isIPv4(key)) return key.startsWith('127.');
  const groups = ip ? ipv6Groups(ip.trim()) : null;
  return groups !== null && groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1;
}

/** True for a listening address only this machine reaches: a loopback address or `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || isLoopbackAddress(bare);
}
