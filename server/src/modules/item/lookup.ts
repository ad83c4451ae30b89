/**
 * One item lookup, from the pasted text to the answer:
 * 1. read the text (share-text.ts): its link and title; no network;
 * 2. recognise the item from the link (links.ts), or follow a short link (short-links.ts), after
 *    the per-user and per-address limits were counted (so no outside request is made past them);
 * 3. ask the platform's provider, through the shared cache (per platform and item, every replica
 *    reads the same table) and a single flight (concurrent lookups of one item in this process
 *    share one call), bounded by the provider timeout; its outcome is recorded (metrics, status
 *    row for the console and the alert).
 * Steps 2 and 3 together stay within the request's deadline (deadline.ts): what the short link
 * took is no longer left for the platform, so the answer leaves before the app's 30 s.
 * The answer always carries what the link and share text say; the provider adds title, image,
 * shop and price, and `lookup` says how it went (found, unknown, off, failed).
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../http/context.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import { badRequest, tooManyRequests } from '../../http/errors.ts';
import { itemLookupsTotal, itemProviderCalls, itemProviderDuration, itemProviderFailures } from '../../http/metrics.ts';
import type { FlowType } from '../../../../common/domain.ts';
import type { ItemLookupStatus } from '../../../../common/api-types.ts';
import { recogniseItemUrl, shortLinkPlatform, UNRECOGNISED_LINK, type RecognisedItem } from './links.ts';
import { PLATFORM_OF, PLATFORMS, ProviderFailure, type PlatformName, type ProductInfo, type ProductInfoProvider } from './provider.ts';
import { untilAborted } from './deadline.ts';
import { readShareText } from './share-text.ts';
import type { ItemSettings } from './settings.ts';
import { resolveShortLink, UnresolvedLink, type ShortLinkOptions } from './short-links.ts';
import { itemLookupAttempts, itemLookupCache, itemProviderStatus } from './tables.ts';

export type ItemProviders = Partial<Record<FlowType, ProductInfoProvider>>;

export interface ItemAnswer extends RecognisedItem, ProductInfo {
  lookup: ItemLookupStatus;
}

/** An unknown item is asked again after at most an hour (a day for a found one, ITEM_CACHE_SECONDS). */
const UNKNOWN_CACHE_SECONDS = 3600;
const MINUTE = 60_000;

export const ITEM_MESSAGES = {
  limited: (minutes: number) => `商品查询过于频繁，请 ${minutes} 分钟后再试`,
} as const;

export interface ItemLookupOptions {
  settings: Pick<
    ItemSettings,
    'itemCacheSeconds' | 'itemLookupUserLimit' | 'itemLookupIpLimit' | 'itemLookupWindowSeconds' | 'itemProviderTimeoutMs'
  >;
  providers: ItemProviders;
  /** How short links are followed (tests point DNS at local stand-ins). */
  shortLinks?: ShortLinkOptions;
}

type Outcome = { status: 'found'; info: ProductInfo } | { status: 'unknown' } | { status: 'failed' };

/**
 * The client address a limit counts by: an IPv4 address as it is (also when IPv4-mapped), an IPv6
 * address by its /64 (the one rule of every per-address limit: http/client-address.ts).
 */
export const addressForLimit = (ip: string): string => clientAddressKey(ip);

/** How often a process removes expired rows (attempts past the window, answers past their age). */
const SWEEP_EVERY_MS = 60_000;

export class ItemLookup {
  private readonly inFlight = new Map<string, Promise<Outcome>>();
  private lastSweep = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: ItemLookupOptions,
  ) {}

  /** Which providers are on (for the console and the failing-provider gauge). */
  enabledPlatforms(): PlatformName[] {
    return (Object.values(this.options.providers).filter(Boolean) as ProductInfoProvider[]).map((p) => p.name);
  }

  gatewayOf(platform: PlatformName): string | null {
    const provider = Object.values(this.options.providers).find((p) => p?.name === platform);
    return provider ? new URL(provider.gateway).origin : null;
  }

  /**
   * Reads the pasted text and recognises its item: 400 UNRECOGNISED_LINK for anything that is not
   * a product link of the three platforms. `count` runs before any outside request (the limits);
   * a short link is followed until `deadline` at the latest.
   */
  async recognise(text: string, count: () => Promise<void>, deadline?: AbortSignal): Promise<{ item: RecognisedItem; title?: string }> {
    const { link, title } = readShareText(text);
    if (!link) throw badRequest(UNRECOGNISED_LINK);
    const direct = recogniseItemUrl(link);
    if (direct) {
      await count();
      return { item: direct, title };
    }
    if (!shortLinkPlatform(link)) throw badRequest(UNRECOGNISED_LINK);
    await count();
    try {
      return { item: await resolveShortLink(link, { ...this.options.shortLinks, signal: deadline }), title };
    } catch (error) {
      if (error instanceof UnresolvedLink) throw badRequest(UNRECOGNISED_LINK, { reason: error.reason });
      throw error;
    }
  }

  /**
   * Counts one lookup against the user and the client address (an IPv6 one by its /64), or refuses
   * it (429) when either has used up its window. Committed on its own, before any outside request.
   */
  async countAttempt(userId: number, clientIp: string): Promise<void> {
    const { itemLookupUserLimit, itemLookupIpLimit, itemLookupWindowSeconds } = this.options.settings;
    const ip = addressForLimit(clientIp);
    const now = this.ctx.clock.now();
    const windowStart = new Date(now.getTime() - itemLookupWindowSeconds * 1000);
    await this.ctx.db.transaction(async (tx) => {
      // one user, then one address: always in this order, so two lookups cannot wait on each other
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`item:user:${userId}`}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`item:ip:${ip}`}))`);
      // only the window's attempts count; older ones are the sweep's (below), not every lookup's
      for (const [column, value, limit] of [
        [itemLookupAttempts.userId, userId, itemLookupUserLimit],
        [itemLookupAttempts.requesterIp, ip, itemLookupIpLimit],
      ] as const) {
        const recent = await tx
          .select({ createdAt: itemLookupAttempts.createdAt })
          .from(itemLookupAttempts)
          .where(and(eq(column, value), gt(itemLookupAttempts.createdAt, windowStart)))
          .orderBy(itemLookupAttempts.createdAt);
        if (recent.length >= limit) {
          const oldest = recent[recent.length - limit]!.createdAt.getTime();
          const waitMs = oldest + itemLookupWindowSeconds * 1000 - now.getTime();
          throw tooManyRequests(ITEM_MESSAGES.limited(Math.max(1, Math.ceil(waitMs / MINUTE))), waitMs / 1000);
        }
      }
      await tx.insert(itemLookupAttempts).values({ userId, requesterIp: ip, createdAt: now });
    });
    await this.sweep(now);
  }

  /** At most once a minute per process, a lookup also sweeps (removeExpired). */
  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS && now.getTime() >= this.lastSweep) return;
    this.lastSweep = now.getTime();
    await this.removeExpired(now);
  }

  /**
   * Keeps the tables to what is still used: attempts older than the window (client addresses are
   * personal data, kept no longer than the limit needs them) and answers older than their age.
   * Run by lookups (sweep) and by the hourly job (routes.ts), so that quiet hours keep no attempt.
   */
  async removeExpired(now: Date = this.ctx.clock.now()): Promise<void> {
    const windowStart = new Date(now.getTime() - this.options.settings.itemLookupWindowSeconds * 1000);
    const oldestAnswer = new Date(now.getTime() - Math.max(this.options.settings.itemCacheSeconds, UNKNOWN_CACHE_SECONDS) * 1000);
    await this.ctx.db.delete(itemLookupAttempts).where(lte(itemLookupAttempts.createdAt, windowStart));
    await this.ctx.db.delete(itemLookupCache).where(lte(itemLookupCache.fetchedAt, oldestAnswer));
  }

  /**
   * What is known about `item`: the link, the share text's title, and the provider's answer, which
   * is waited for until `deadline` at the latest (then the lookup counts as failed).
   */
  async describe(
    item: RecognisedItem,
    sharedTitle: string | undefined,
    log?: FastifyBaseLogger,
    deadline?: AbortSignal,
  ): Promise<ItemAnswer> {
    const platform = PLATFORM_OF[item.flowType];
    const provider = this.options.providers[item.flowType];
    const base: ItemAnswer = { ...item, ...(sharedTitle ? { title: sharedTitle } : {}), lookup: 'off' };
    if (!provider) {
      itemLookupsTotal.inc({ platform, result: 'off' });
      return base;
    }
    const cached = await this.cached(item);
    let outcome: Outcome;
    if (cached) {
      itemLookupsTotal.inc({ platform, result: 'hit' });
      outcome = cached;
    } else if (deadline?.aborted) {
      outcome = { status: 'failed' }; // no time left to ask the platform
      itemLookupsTotal.inc({ platform, result: outcome.status });
    } else {
      const key = `${item.flowType}:${item.itemId}`;
      let flight = this.inFlight.get(key);
      if (!flight) {
        flight = this.ask(provider, item, log, deadline).finally(() => this.inFlight.delete(key));
        this.inFlight.set(key, flight);
      }
      // a lookup that joined another's call waits no longer than its own deadline either
      outcome = deadline ? await untilAborted(flight, deadline).catch((): Outcome => ({ status: 'failed' })) : await flight;
      itemLookupsTotal.inc({ platform, result: outcome.status });
    }
    if (outcome.status !== 'found') return { ...base, lookup: outcome.status };
    const known = Object.fromEntries(
      Object.entries(outcome.info).filter(([, v]) => v !== undefined && v !== null && v !== ''),
    ) as ProductInfo;
    return { ...base, ...known, lookup: 'found' };
  }

  /** Counts a refused lookup (429) for the metrics. */
  countLimited(flowType: FlowType): void {
    itemLookupsTotal.inc({ platform: PLATFORM_OF[flowType], result: 'limited' });
  }

  private async cached(item: RecognisedItem): Promise<Outcome | null> {
    const [row] = await this.ctx.db
      .select()
      .from(itemLookupCache)
      .where(and(eq(itemLookupCache.flowType, item.flowType), eq(itemLookupCache.itemId, item.itemId)));
    if (!row) return null;
    const ageSeconds = (this.ctx.clock.now().getTime() - row.fetchedAt.getTime()) / 1000;
    const maxAge =
      row.status === 'found'
        ? this.options.settings.itemCacheSeconds
        : Math.min(UNKNOWN_CACHE_SECONDS, this.options.settings.itemCacheSeconds);
    if (ageSeconds >= maxAge || ageSeconds < 0) return null;
    return row.status === 'found' ? { status: 'found', info: row.info as ProductInfo } : { status: 'unknown' };
  }

  /**
   * One call to the platform, bounded by the provider timeout and by the deadline of the lookup
   * that started it; its outcome is recorded and cached.
   */
  private async ask(
    provider: ProductInfoProvider,
    item: RecognisedItem,
    log?: FastifyBaseLogger,
    deadline?: AbortSignal,
  ): Promise<Outcome> {
    const platform = provider.name;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.settings.itemProviderTimeoutMs);
    const stop = () => controller.abort();
    deadline?.addEventListener('abort', stop, { once: true });
    const started = performance.now();
    let outcome: Outcome;
    try {
      const info = await provider.lookup(item, controller.signal);
      outcome = info ? { status: 'found', info } : { status: 'unknown' };
      itemProviderCalls.inc({ platform, result: info ? 'ok' : 'unknown' });
      await this.recordSuccess(platform, item, outcome).catch((err: unknown) =>
        log?.warn({ err }, 'item lookup: could not store the answer'),
      );
    } catch (error) {
      const failure =
        error instanceof ProviderFailure
          ? error
          : new ProviderFailure(controller.signal.aborted ? 'timeout' : 'network', String((error as Error)?.message ?? error));
      const reason = !controller.signal.aborted
        ? failure
        : deadline?.aborted
          ? new ProviderFailure('timeout', 'no answer before the lookup had to answer (30 s in all)')
          : new ProviderFailure('timeout', `no answer within ${this.options.settings.itemProviderTimeoutMs} ms`);
      itemProviderCalls.inc({ platform, result: 'failed' });
      itemProviderFailures.inc({ platform, cause: reason.failure });
      log?.warn(
        { provider: platform, cause: reason.failure, reason: reason.message, itemId: item.itemId },
        'item provider failed; answering the link only',
      );
      await this.recordFailure(platform, reason).catch((err: unknown) => log?.warn({ err }, 'item lookup: could not store the failure'));
      outcome = { status: 'failed' };
    } finally {
      clearTimeout(timer);
      deadline?.removeEventListener('abort', stop);
      itemProviderDuration.observe({ platform }, (performance.now() - started) / 1000);
    }
    return outcome;
  }

  private async recordSuccess(platform: PlatformName, item: RecognisedItem, outcome: Outcome): Promise<void> {
    const now = this.ctx.clock.now();
    const info = outcome.status === 'found' ? outcome.info : {};
    await this.ctx.db
      .insert(itemLookupCache)
      .values({ flowType: item.flowType, itemId: item.itemId, status: outcome.status, info, fetchedAt: now })
      .onConflictDoUpdate({
        target: [itemLookupCache.flowType, itemLookupCache.itemId],
        set: { status: outcome.status, info, fetchedAt: now },
      });
    await this.ctx.db
      .insert(itemProviderStatus)
      .values({ platform, lastSuccessAt: now, failingSince: null })
      .onConflictDoUpdate({ target: itemProviderStatus.platform, set: { lastSuccessAt: now, failingSince: null } });
  }

  private async recordFailure(platform: PlatformName, failure: ProviderFailure): Promise<void> {
    const now = this.ctx.clock.now();
    await this.ctx.db
      .insert(itemProviderStatus)
      .values({ platform, lastFailureAt: now, lastFailureCause: failure.failure, lastFailure: failure.message, failingSince: now })
      .onConflictDoUpdate({
        target: itemProviderStatus.platform,
        set: {
          lastFailureAt: now,
          lastFailureCause: failure.failure,
          lastFailure: failure.message,
          failingSince: sql`coalesce(${itemProviderStatus.failingSince}, ${now})`,
        },
      });
  }

  /** Each platform's provider: on or off, gateway, latest success and failure (the console). */
  async providerStates() {
    const rows = await this.ctx.db.select().from(itemProviderStatus);
    const enabled = this.enabledPlatforms();
    const now = this.ctx.clock.now().getTime();
    return PLATFORMS.map((platform) => {
      const row = rows.find((r) => r.platform === platform);
      return {
        platform,
        enabled: enabled.includes(platform),
        gateway: this.gatewayOf(platform),
        lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
        lastFailureAt: row?.lastFailureAt?.toISOString() ?? null,
        lastFailureCause: row?.lastFailureCause ?? null,
        lastFailure: row?.lastFailure ?? null,
        failingSince: row?.failingSince?.toISOString() ?? null,
        failingSeconds: row?.failingSince ? Math.max(0, Math.floor((now - row.failingSince.getTime()) / 1000)) : 0,
      };
    });
  }
}

/**
 * Account deletion (注销): the account's lookup attempts (its id beside the client address) go at
 * once, as the policy says of its addresses, not at the end of the limit's window.
 */
export async function forgetLookupAttemptsOf(db: Executor, userId: number): Promise<void> {
  await db.delete(itemLookupAttempts).where(eq(itemLookupAttempts.userId, userId));
}
