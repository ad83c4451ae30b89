/**
 * What is known about a product beyond its link: one provider per platform, each talking to that
 * platform's own affiliate API (providers/*.ts), each off until its settings are given
 * (settings.ts). A provider answers the product, null when the platform does not know the item
 * (not in the affiliate programme, removed), or throws a ProviderFailure saying why it could not ask.
 */
import type { FlowType } from '../../../../common/domain.ts';
import type { RecognisedItem } from './links.ts';

export interface ProductInfo {
  title?: string;
  image?: string;
  shopName?: string;
  /** Price in fen. */
  price?: number;
}

export type PlatformName = 'taobao' | 'jd' | 'pdd';
export const PLATFORM_OF: Record<FlowType, PlatformName> = { tb: 'taobao', jd: 'jd', pdd: 'pdd' };
export const PLATFORMS: readonly PlatformName[] = ['taobao', 'jd', 'pdd'];

export interface ProductInfoProvider {
  readonly name: PlatformName;
  /** Where it sends requests (shown in the console; never with credentials). */
  readonly gateway: string;
  lookup(item: RecognisedItem, signal: AbortSignal): Promise<ProductInfo | null>;
}

/**
 * Why a provider could not answer: throttled (the platform's rate limit), auth (key, signature,
 * timestamp or permission refused: an operator must act), timeout, network (no answer, HTTP
 * error), bad_answer (an answer we cannot read), refused (any other error the platform named).
 */
export type FailureCause = 'throttled' | 'auth' | 'timeout' | 'network' | 'bad_answer' | 'refused';
export const FAILURE_CAUSES: readonly FailureCause[] = ['throttled', 'auth', 'timeout', 'network', 'bad_answer', 'refused'];

export class ProviderFailure extends Error {
  constructor(
    readonly failure: FailureCause,
    message: string,
  ) {
    super(message.slice(0, 500));
    this.name = 'ProviderFailure';
  }
}

/** The platforms' error words, for the cause when their codes do not say it. */
export function causeFromText(text: string): FailureCause | null {
  if (/limit|频繁|限流|exceed|too many|流控|ban will last/i.test(text)) return 'throttled';
  if (/sign|签名|app_?key|client_id|timestamp|时间戳|token|session|permission|权限|授权|备案|invalid pid/i.test(text)) return 'auth';
  return null;
}

/**
 * The most of a gateway's answer that is read: an item answer is a few kB, so a gateway that sends
 * more (broken, hostile, a proxy's error page without end) fails as bad_answer at this bound
 * instead of filling the process's memory until the timeout.
 */
export const GATEWAY_ANSWER_MAX_BYTES = 1024 * 1024;

/** The answer's body as text, at most GATEWAY_ANSWER_MAX_BYTES (the rest is never read). */
async function readBounded(res: Response, signal: AbortSignal): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (declared > GATEWAY_ANSWER_MAX_BYTES) {
    await res.body?.cancel().catch(() => {});
    throw new ProviderFailure('bad_answer', `HTTP ${res.status}, answer too large (${declared} bytes)`);
  }
  const chunks: Uint8Array[] = [];
  let read = 0;
  try {
    if (res.body) {
      for await (const chunk of res.body) {
        read += chunk.byteLength;
        if (read > GATEWAY_ANSWER_MAX_BYTES) {
          await res.body.cancel().catch(() => {});
          throw new ProviderFailure('bad_answer', `HTTP ${res.status}, answer too large (over ${GATEWAY_ANSWER_MAX_BYTES} bytes)`);
        }
        chunks.push(chunk);
      }
    }
  } catch (error) {
    if (error instanceof ProviderFailure) throw error;
    throw new ProviderFailure(signal.aborted ? 'timeout' : 'network', 'answer cut off');
  }
  // as res.text() decodes: UTF-8, a leading BOM dropped
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** POSTs to a gateway and answers its JSON; every failure becomes a ProviderFailure. */
export async function postToGateway(
  gateway: string,
  body: { form: Record<string, string> } | { json: Record<string, string> },
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(gateway, {
      method: 'POST',
      redirect: 'manual',
      signal,
      headers: {
        'content-type': 'form' in body ? 'application/x-www-form-urlencoded;charset=utf-8' : 'application/json;charset=utf-8',
        accept: 'application/json',
      },
      body: 'form' in body ? new URLSearchParams(body.form).toString() : JSON.stringify(body.json),
    });
  } catch (error) {
    if (signal.aborted) throw new ProviderFailure('timeout', 'no answer in time');
    throw new ProviderFailure('network', `request failed: ${(error as Error).cause ? String((error as Error).cause) : String(error)}`);
  }
  const text = await readBounded(res, signal);
  if (res.status >= 500 || (res.status >= 300 && res.status < 400)) throw new ProviderFailure('network', `HTTP ${res.status}`);
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new ProviderFailure(res.status >= 400 ? 'network' : 'bad_answer', `HTTP ${res.status}, not a JSON object`);
}

/** Yuan as a string or number ("39.90") to fen; undefined when it is not a price. */
export function yuanToFen(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : undefined;
}

/** The plan form's limits (plan/form.ts): what the card shows must be publishable as it is. */
export const TITLE_MAX = 100;
export const SHOP_MAX = 100;

/** A non-empty trimmed string, else undefined. */
export const text = (value: unknown, max = 500): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : typeof value === 'number' ? String(value) : undefined;

/**
 * An image URL as https; undefined otherwise. The platforms answer protocol-relative `//img…` and
 * plain `http://` too; their image CDNs serve https, and the app's CSP (img-src https:) would block
 * an http image on the card and in the plan's details.
 */
export function imageUrl(value: unknown): string | undefined {
  const v = text(value, 1000);
  if (!v) return undefined;
  const absolute = v.startsWith('//') ? `https:${v}` : v.replace(/^http:\/\//i, 'https://');
  return /^https:\/\/\S+$/i.test(absolute) ? absolute : undefined;
}
