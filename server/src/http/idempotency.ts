/**
 * Idempotency-Key for POSTs that create something or move points. A route opts in with
 * `config: { idempotent: true }` (after its requireUser preHandler). With the header:
 * - the request runs in one database transaction of its own (while it runs, `ctx.db` is that
 *   transaction, so the route's own transactions become savepoints of it) and its answer (status and
 *   body) is written in that same transaction: the effect and the kept answer commit together or
 *   not at all. A crash (kill -9, a lost connection) or a failed answer write rolls the effect back,
 *   so a repeat runs afresh; nothing is ever left "running";
 * - while it runs it holds a transaction-scoped advisory lock on (user, key), released with its
 *   transaction (also by PostgreSQL when the process dies), so two processes racing with one key
 *   cannot both run it; in one process a map of keys in flight does the same (PGlite has one session);
 * - a repeat with the same method, path and body gets the kept answer again, with
 *   `Idempotent-Replayed: true`; one with another body gets 422;
 * - a repeat while the first truly still runs waits for it (idempotencyWaitMs) and replays it, else 409;
 * - a refusal (4xx) rolls the transaction back and is kept afterwards (nothing took effect), a
 *   5xx is not kept, so the same key may try again;
 * - a malformed key gets 400. Without the header a route behaves as before.
 * Keys live RETENTION_DAYS.idempotency (one day); an older row is ignored (its key may be used again)
 * and removed by the retention sweep (modules/account/retention.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteHandlerMethod } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/tables.ts';
import { DAY } from '../lib/clock.ts';
import { RETENTION_DAYS } from '../../../common/privacy.ts';
import { sha256 } from '../lib/crypto.ts';
import type { AppContext } from './context.ts';
import { badRequest, conflict, unprocessable } from './errors.ts';

const IDEMPOTENCY_HEADER = 'idempotency-key';
const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** A kept answer is replayed this long; the account module's retention sweep removes older rows. */
const KEY_LIFETIME_MS = RETENTION_DAYS.idempotency * DAY;
const POLL_MS = 100;
const RUNNING_MESSAGE = '相同的请求正在处理中，请稍后刷新查看结果';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header on this route. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Set when this keyed request was refused (its transaction rolled back): onSend keeps the refusal. */
    idempotencyRefusal?: { userId: number; key: string; hash: string };
  }
}

/** JSON with object keys sorted, so the same body always hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
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

const asText = (payload: unknown) =>
  typeof payload === 'string'
    ? payload
    : Buffer.isBuffer(payload)
      ? payload.toString('utf8')
      : payload instanceof ArrayBuffer
        ? Buffer.from(payload).toString('utf8')
        : '';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The transaction of the keyed request running in this async context, while it is open; `after`:
 * the writes to make on the database once it has ended (writeOutsideRequest).
 */
const requestTransaction = new AsyncLocalStorage<{ tx: Tx; open: boolean; after: Array<(db: Db) => Promise<void>> }>();
const databaseOf = new WeakMap<AppContext, Db>();

/**
 * Makes `write` last whatever the request answers: at once, or inside a keyed request (whose
 * refusal rolls its transaction back, with every write made in it) on the database as soon as that
 * transaction has ended, before the answer leaves. For the record of a refusal (the console's
 * audit of what it refused), which must outlive the refused change.
 */
export async function writeOutsideRequest(ctx: { db: Executor }, write: (db: Executor) => Promise<void>): Promise<void> {
  const scope = requestTransaction.getStore();
  if (scope?.open) scope.after.push(write);
  else await write(ctx.db);
}

/**
 * Makes `ctx.db` the keyed request's transaction while one runs (in its async context), so every
 * query of the route joins it without the route knowing; elsewhere it is the database. Returns the
 * database itself, for the work that must stay outside the request (its transaction, the kept refusal).
 */
function scopeDatabaseToKeyedRequests(ctx: AppContext): Db {
  const known = databaseOf.get(ctx);
  if (known) return known;
  const db = ctx.db;
  databaseOf.set(ctx, db);
  Object.defineProperty(ctx, 'db', {
    enumerable: true,
    configurable: true,
    get: () => {
      const scope = requestTransaction.getStore();
      return scope?.open ? (scope.tx as unknown as Db) : db;
    },
  });
  return db;
}

/** A repeat found the key held by a request still running in another process. */
const HELD_ELSEWHERE = Symbol('held elsewhere');

/** Adds the onRoute hook; call on the root instance before any route is registered. */
export function installIdempotency(app: FastifyInstance): void {
  const { ctx } = app;
  const db = scopeDatabaseToKeyedRequests(ctx);
  /** Keys of this process's requests in flight: "userId key" -> settles when that request's transaction ended. */
  const inFlight = new Map<string, Promise<void>>();

  const keyIs = (userId: number, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  /** The row of (user, key): `kept` when it holds an answer younger than the keys' lifetime, `stale` when it is older (or has none). */
  const keyRow = async (tx: Tx, userId: number, key: string, now: Date) => {
    const [row] = await tx.select().from(idempotencyKeys).where(keyIs(userId, key));
    if (!row) return null;
    const live = row.responseStatus !== null && row.createdAt.getTime() > now.getTime() - KEY_LIFETIME_MS;
    return live ? { kept: { requestHash: row.requestHash, status: row.responseStatus!, body: row.responseBody ?? '' } } : { stale: true };
  };

  /** Writes the answer in the request's transaction: an INSERT, or an UPDATE of a stale row (the lock excludes other writers). */
  const keepAnswer = (
    tx: Tx,
    stale: boolean,
    row: { userId: number; key: string; hash: string; status: number; body: string; now: Date },
  ) => {
    const values = { requestHash: row.hash, responseStatus: row.status, responseBody: row.body, createdAt: row.now };
    if (stale) return tx.update(idempotencyKeys).set(values).where(keyIs(row.userId, row.key));
    return tx.insert(idempotencyKeys).values({ userId: row.userId, key: row.key, ...values });
  };

  const replay = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header(REPLAYED_HEADER, 'true').type('application/json; charset=utf-8').send(body);

  /**
   * Takes the key in this process once no request here holds it (checked and taken in one step);
   * answers the release, or null when the deadline passed first.
   */
  const takeLocal = async (name: string, waitUntil: number): Promise<(() => void) | null> => {
    for (;;) {
      const running = inFlight.get(name);
      if (!running) {
        let release!: () => void;
        inFlight.set(name, new Promise<void>((resolve) => (release = resolve)));
        return () => {
          inFlight.delete(name);
          release();
        };
      }
      const left = waitUntil - Date.now();
      if (left <= 0) return null;
      await Promise.race([running, sleep(left)]);
    }
  };

  const runKeyed = async (request: FastifyRequest, reply: FastifyReply, key: string, userId: number, handle: () => Promise<unknown>) => {
    const hash = requestHash(request);
    const name = `${userId} ${key}`;
    const waitUntil = Date.now() + ctx.config.idempotencyWaitMs;
    for (;;) {
      const releaseLocal = await takeLocal(name, waitUntil);
      if (!releaseLocal) throw conflict(RUNNING_MESSAGE);
      const after: Array<(db: Db) => Promise<void>> = [];
      try {
        const outcome = await db.transaction(async (tx) => {
          // Another process runs this key now: its transaction holds the lock until it ends.
          const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${userId}, hashtext(${key})) as locked`);
          const { rows } = lock as unknown as { rows: Array<{ locked: boolean }> };
          if (!rows[0]?.locked) return HELD_ELSEWHERE;
          const now = ctx.clock.now();
          const found = await keyRow(tx, userId, key, now);
          const kept = found?.kept;
          if (kept) {
            if (kept.requestHash !== hash)
              throw unprocessable('该 Idempotency-Key 已用于内容不同的另一个请求，请为新的操作使用新的 Idempotency-Key');
            return replay(reply, kept.status, kept.body);
          }
          // ctx.db is this transaction for the route's code, until the route has answered.
          const scope = { tx, open: true, after };
          let answer: unknown;
          try {
            answer = await requestTransaction.run(scope, handle);
          } catch (err) {
            request.idempotencyRefusal = { userId, key, hash };
            throw err;
          } finally {
            scope.open = false;
          }
          if (answer === undefined || answer === reply)
            throw new Error(`idempotent route ${request.routeOptions.url} must return its answer, not send it`);
          await keepAnswer(tx, Boolean(found?.stale), {
            userId,
            key,
            hash,
            status: reply.statusCode,
            body: asText(reply.serialize(answer)),
            now,
          });
          return answer;
        });
        if (outcome !== HELD_ELSEWHERE) return outcome;
      } finally {
        for (const write of after)
          await write(db).catch((err: unknown) => request.log.error({ err }, 'a write outside the keyed request failed'));
        releaseLocal();
      }
      if (Date.now() >= waitUntil) throw conflict(RUNNING_MESSAGE);
      await sleep(POLL_MS);
    }
  };

  /** A refusal took no effect (its transaction rolled back): keep it, so a repeat gets the same answer. */
  const keepRefusal: onSendHookHandler = async function (request, reply, payload) {
    const refused = request.idempotencyRefusal;
    if (!refused) return payload;
    request.idempotencyRefusal = undefined;
    if (reply.statusCode >= 500) return payload;
    const body = asText(payload);
    try {
      // Best effort: if it is lost, a repeat runs afresh, which is as correct.
      await db
        .insert(idempotencyKeys)
        .values({
          userId: refused.userId,
          key: refused.key,
          requestHash: refused.hash,
          responseStatus: reply.statusCode,
          responseBody: body,
          createdAt: ctx.clock.now(),
        })
        .onConflictDoNothing();
    } catch (err) {
      request.log.error({ err }, 'keeping the idempotent refusal failed');
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const handler = route.handler;
    const keyed: RouteHandlerMethod = async function (request, reply) {
      const key = readKey(request);
      const userId = request.user?.id;
      if (key === null || userId === undefined) return handler.call(this, request, reply);
      return runKeyed(request, reply, key, userId, async () => handler.call(this, request, reply));
    };
    route.handler = keyed as typeof route.handler;
    const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
    route.onSend = [...asList(route.onSend), keepRefusal];
  });
}
