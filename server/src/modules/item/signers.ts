/**
 * The three platforms' request signatures, on node:crypto (no vendor publishes a maintained npm
 * SDK: the Taobao Open Platform, JD and Pinduoduo SDKs are Java/PHP/Python/.NET downloads; the npm
 * packages of those names are individuals' wrappers). All three sign the same way at heart: the
 * request's parameters except `sign`, sorted by name (byte order), concatenated as name+value with
 * no separator, then
 * - Taobao Open Platform (TOP, 淘宝联盟): `md5` = MD5(secret + s + secret), `hmac` = HMAC-MD5(secret, s),
 *   `hmac-sha256` = HMAC-SHA256(secret, s); upper-case hex (open.taobao.com docId=101617, 签名算法);
 * - JD (api.jd.com/routerjson, 京东联盟): MD5(secret + s + secret), upper-case hex;
 * - Pinduoduo (gw-api.pinduoduo.com, 多多进宝): MD5(client_secret + s + client_secret), upper-case hex.
 * Empty values are neither sent nor signed. Checked against each vendor's published example in signers.test.ts.
 */
import { createHash, createHmac } from 'node:crypto';

export type Params = Record<string, string>;
export type TopSignMethod = 'md5' | 'hmac' | 'hmac-sha256';
export const TOP_SIGN_METHODS: readonly TopSignMethod[] = ['md5', 'hmac', 'hmac-sha256'];

/** name+value of every non-empty parameter but `sign`, by name in byte order. */
export function concatenated(params: Params): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== '')
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)) as number)
    .map((k) => `${k}${params[k]}`)
    .join('');
}

const md5Wrapped = (params: Params, secret: string) =>
  createHash('md5')
    .update(`${secret}${concatenated(params)}${secret}`, 'utf8')
    .digest('hex')
    .toUpperCase();

export function topSign(params: Params, secret: string, method: TopSignMethod): string {
  if (method === 'md5') return md5Wrapped(params, secret);
  const algorithm = method === 'hmac' ? 'md5' : 'sha256';
  return createHmac(algorithm, secret).update(concatenated(params), 'utf8').digest('hex').toUpperCase();
}

export const jdSign = (params: Params, secret: string): string => md5Wrapped(params, secret);
export const pddSign = (params: Params, clientSecret: string): string => md5Wrapped(params, clientSecret);

/** `yyyy-MM-dd HH:mm:ss` in Beijing time (GMT+8), as TOP and JD take their timestamp. */
export function beijingTimestamp(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
