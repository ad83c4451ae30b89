/**
 * Idempotency-Key for POSTs that create something or move points. A route opts in with
 * `config: { idempotent: true }` (after its requireUser preHandler). With the header:
 * - the first request claims (user, key) by inserting its row in a statement of its own, so two
 *   processes racing with one key cannot both run it; its answer (status and body) is stored;
 * - a repeat with the same method, path and body gets that answer again, with
 *   `Idempotent-Replayed: true`; one with another body gets 422;
 * - a repeat while the first still runs waits for it (idempotencyWaitMs) and replays it, else 409;
 * - an answer >= 500 is not kept (the work rolled back), so the same key may try again;
 * - a malformed key gets 400. Without the header a route behaves as before.
 * Keys live 24 hours; older rows are swept and their keys may be used again.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema.ts';
import { DAY, MINUTE } from '../lib/clock.ts';
import { sha256 } from '../lib/crypto.ts';
import { badRequest, conflict, unprocessable } from './errors.ts';

const IDEMPOTENCY_HEADER = 'idempotency-key';
const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const KEY_LIFETIME_MS = DAY;
const SWEEP_EVERY_MS = 10 * MINUTE;
const POLL_MS = 100;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header on this route. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Set when this request claimed its Idempotency-Key and must record its answer. */
    idempotencyClaim?: { userId: number; key: string };
  }
}

/** JSON with object keys sorted, so the same body always hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const requestHash = (request: FastifyRequest) => sha256(`${request.method} ${request.url}\n${stableJson(request.body ?? null)}`);

function readKey(request: FastifyRequest): string | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw badRequest('Idempotency-Key 格式不正确：应为 1 到 255 个可见 ASCII 字符');
  }
  return header;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Adds the onRoute hook; call on the root instance before any route is registered. */
export function installIdempotency(app: FastifyInstance): void {
  const { ctx } = app;
  let lastSweep = 0;

  const sweep = (now: Date) => {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    ctx.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_LIFETIME_MS)))
      .catch((err: unknown) => app.log.error({ err }, 'sweeping expired idempotency keys failed'));
  };

  /** Inserts the row (or takes over an expired one); true when this request now owns the key. */
  const claim = async (userId: number, key: string, hash: string, now: Date) => {
    const rows = await ctx.db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { requestHash: hash, responseStatus: null, responseBody: null, createdAt: now },
        setWhere: lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_LIFETIME_MS)),
      })
      .returning({ userId: idempotencyKeys.userId });
    return rows.length > 0;
  };

  const findRow = async (userId: number, key: string) => {
    const [row] = await ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return row;
  };

  const replay = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header(REPLAYED_HEADER, 'true').type('application/json; charset=utf-8').send(body);

  const claimOrReplay: preHandlerHookHandler = async function (request, reply) {
    const key = readKey(request);
    const userId = request.user?.id;
    if (key === null || userId === undefined) return;
    const hash = requestHash(request);
    const now = ctx.clock.now();
    if (await claim(userId, key, hash, now)) {
      request.idempotencyClaim = { userId, key };
      sweep(now);
      return;
    }
    const waitUntil = Date.now() + ctx.config.idempotencyWaitMs;
    for (;;) {
      const row = await findRow(userId, key);
      // Deleted meanwhile: the first attempt failed with 5xx; this one may run.
      if (!row) {
        if (await claim(userId, key, hash, ctx.clock.now())) {
          request.idempotencyClaim = { userId, key };
          return;
        }
        continue;
      }
      if (row.requestHash !== hash) throw unprocessable('该 Idempotency-Key 已用于内容不同的另一个请求，请为新的操作使用新的 Idempotency-Key');
      if (row.responseStatus !== null) return replay(reply, row.responseStatus, row.responseBody ?? '');
      if (Date.now() >= waitUntil) throw conflict('相同的请求正在处理中，请稍后刷新查看结果');
      await sleep(POLL_MS);
    }
  };

  const recordAnswer: onSendHookHandler = async function (request, reply, payload) {
    const claimed = request.idempotencyClaim;
    if (!claimed) return payload;
    request.idempotencyClaim = undefined;
    const where = and(eq(idempotencyKeys.userId, claimed.userId), eq(idempotencyKeys.key, claimed.key));
    try {
      if (reply.statusCode >= 500) await ctx.db.delete(idempotencyKeys).where(where);
      else {
        const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
        await ctx.db.update(idempotencyKeys).set({ responseStatus: reply.statusCode, responseBody: body }).where(where);
      }
    } catch (err) {
      // The key stays "running": repeats get 409 rather than a second run.
      request.log.error({ err }, 'recording the idempotent answer failed');
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
    route.preHandler = [...asList(route.preHandler), claimOrReplay];
    route.onSend = [...asList(route.onSend), recordAnswer];
  });
}
