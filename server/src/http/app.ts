/**
 * The HTTP shell shared by every route: Fastify over a given context (config, database, clock,
 * providers), the one error path, the 404 answer and the login preHandlers. It knows no domain
 * module: who a token belongs to is asked of `sessionForToken`, and the routes are registered by the
 * composition root (src/app.ts).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifyCompress from '@fastify/compress';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
// A named exception (eslint.config.js): the type of request.user, the users row (nothing at run time).
import type { UserRow } from '../modules/user/tables.ts';
import type { AppContext } from './context.ts';
import { AppError, unauthorized } from './errors.ts';
import { databaseUnavailableTotal, registerMetrics } from './metrics.ts';
import { refuseUnsafeText } from './validate.ts';
import { isDatabaseUnavailable, type Database } from '../db/client.ts';
import { createLogger, pathOf, runWithLog, type Logger } from '../lib/logger.ts';
import { installIdempotency } from './idempotency.ts';
import { isLoopbackAddress } from './client-address.ts';
import { API_MESSAGES, fill } from './messages.ts';

export interface BuildOptions {
  /** Default: errors only (tests). */
  logger?: Logger;
  /** The PostgreSQL pool's figures for /metrics. */
  poolStats?: Database['poolStats'];
}

export interface HttpShellOptions extends BuildOptions {
  /** The user and session behind a live session token, or null; `client` is where the request came from. */
  sessionForToken: (token: string, client: { ip: string }) => Promise<{ user: UserRow; sessionId: number } | null>;
}

const GENERIC_500 = '服务器开小差了，请稍后再试';

const notFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply.status(404).send({ success: false, message: fill(API_MESSAGES.notFound, { method: request.method, path: pathOf(request.url) }) });

/**
 * A client on this machine: behind a trusted proxy (TRUST_PROXY) the address it reports, else the
 * connection's own, and then only without a forwarding header (a proxy on this machine relays others).
 */
function isLoopbackClient(request: FastifyRequest, trustProxy: boolean): boolean {
  if (trustProxy) return isLoopbackAddress(request.ip);
  const h = request.headers;
  if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}
const DATABASE_UNAVAILABLE = '服务暂时不可用，请稍后再试';

/** An incoming X-Request-Id (set by nginx) is kept when it looks like an id, else a new one is made. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const requestId = (req: IncomingMessage) => {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
};

/**
 * Paths that probes call every few seconds (the container's and the balancer's health checks,
 * Prometheus's scrape): their request lines are debug, not info, so they do not bury the traffic
 * (LOG_LEVEL=debug shows them). Errors while answering them are still logged as errors.
 */
const PROBE_PATHS = new Set(['/api/healthz', '/api/readyz', '/metrics']);
const isProbe = (request: FastifyRequest) => PROBE_PATHS.has(pathOf(request.url));

class ProbesAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (isProbe(request)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (!error && isProbe(request)) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else super.requestCompleted(error, request, reply);
  }
}

/**
 * Whether an /api/ path is written the one way the router knows it. The router decodes
 * percent-escapes and nginx, in front, decodes them and merges slashes before it picks a location
 * (and its limits); a path only the API's router would take for another (a trailing slash, a `;`,
 * an escaped letter or slash, `.`/`..` segments, `//`) is refused, so every spelling that reaches a
 * handler is the one the edge limits. Escapes of other characters (a NUL, a non-ASCII letter) are
 * left to the input checks.
 */
export function isCanonicalApiPath(path: string): boolean {
  if (path.length > 1 && path.endsWith('/')) return false;
  if (path.includes('//') || path.includes(';') || path.includes('\\')) return false;
  if (/(^|\/)\.\.?(\/|$)/.test(path)) return false;
  for (const [, hex] of path.matchAll(/%([0-9A-Fa-f]{2})/g)) {
    if (/[A-Za-z0-9\-._~/;\\]/.test(String.fromCharCode(Number.parseInt(hex!, 16)))) return false;
  }
  return true;
}

/** Fastify's own error codes, answered in Chinese with the right status. */
const FASTIFY_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, '不支持的请求格式，请使用 JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, '请求内容过大'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, '请求内容不能为空'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, '请求内容不是有效的 JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, '请求长度不正确'],
  FST_ERR_BAD_URL: [400, '请求地址不正确'],
  FST_ERR_MAX_PARAM_LENGTH: [414, '请求地址过长'],
};

export async function createHttpShell(ctx: AppContext, opts: HttpShellOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: (opts.logger ?? createLogger('error')) as FastifyBaseLogger,
    logController: new ProbesAtDebug(),
    requestIdHeader: false,
    genReqId: requestId,
    // Errors Fastify meets before routing (an undecodable path, an overlong parameter): same envelope.
    frameworkErrors: (error, request, reply) => {
      const [status, message] = FASTIFY_ERRORS[error.code] ?? [400, '请求不正确'];
      (reply as FastifyReply).header('x-request-id', request.id).status(status).send({ success: false, message });
    },
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 256 * 1024,
    // One spelling per route: `/api/user/pwd-login/` is not `/api/user/pwd-login` (see isCanonicalApiPath).
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: false },
    // Requests that reach a closing server are still served (the pool closes after the server);
    // Fastify's own 503 for them would be a body outside our envelope.
    return503OnClosing: false,
  });

  // First hook: the rest of the request (hooks, handler, what they call) runs with request.log as
  // currentLog(), so code shared with background jobs (payment gateways, order expiry) logs JSON
  // lines carrying this request's id.
  app.addHook('onRequest', (request, _reply, done) => runWithLog(request.log, done));

  app.decorate('lifecycle', { draining: false });
  app.addHook('onSend', async (_request, reply) => {
    // While draining, clients reconnect (through the balancer) to another process.
    if (app.lifecycle.draining) reply.header('connection', 'close');
    // A rehearsal against vendor stand-ins says so on every answer: the app shows its banner.
    if (ctx.config.staging) reply.header('x-deployment-stage', 'staging');
  });

  app.decorate('ctx', ctx);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const path = pathOf(request.url);
    if (/^\/api(\/|$)/i.test(path) && !isCanonicalApiPath(path)) return notFound(request, reply);
  });
  app.addHook('preValidation', async (request) => refuseUnsafeText(request));
  registerMetrics(app, { token: ctx.config.metricsToken, poolStats: opts.poolStats });
  app.decorate('devToolsAllowed', (request: FastifyRequest) => {
    const { devTools, nodeEnv, trustProxy } = ctx.config;
    if (nodeEnv === 'production' || devTools === 'none') return false;
    return devTools === 'all' || isLoopbackClient(request, trustProxy);
  });
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.decorateRequest('sessionId', null);

  const readToken = (request: FastifyRequest) => {
    const header = request.headers['t-token'];
    const token = Array.isArray(header) ? header[0] : header;
    return token && token.length <= 200 ? token : null;
  };
  app.decorate('optionalUser', async (request: FastifyRequest) => {
    const token = readToken(request);
    if (!token) return;
    const found = await opts.sessionForToken(token, { ip: request.ip });
    if (!found) return;
    request.user = found.user;
    request.sessionId = found.sessionId;
    request.token = token;
  });
  app.decorate('requireUser', async (request: FastifyRequest) => {
    await app.optionalUser(request);
    if (!request.user) throw unauthorized();
  });

  // Refused input (4xx) is answered, not logged: what a caller sent stays out of the log.
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      // 503: an outside service is unavailable (its module logged why, at warn); other 5xx are errors.
      if (error.statusCode === 503) request.log.warn({ err: error }, 'request answered 503');
      else if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ success: false, message: error.message, data: error.data });
    }
    if (isDatabaseUnavailable(error)) {
      databaseUnavailableTotal.inc();
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ success: false, message: DATABASE_UNAVAILABLE });
    }
    const code = (error as { code?: string }).code;
    const known = code ? FASTIFY_ERRORS[code] : undefined;
    if (known) return reply.status(known[0]).send({ success: false, message: known[1] });
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, message: '请求不正确' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ success: false, message: GENERIC_500 });
  });

  app.setNotFoundHandler((request, reply) => notFound(request, reply));

  installIdempotency(app);
  // gzip for clients that ask (npm start serves browsers directly: the shell's HTML, API lists),
  // registered after the idempotency hooks so that a recorded answer is the plain one. Behind
  // nginx the API is never asked (snippets/api-proxy.conf): the edge compresses.
  await app.register(fastifyCompress, { encodings: ['gzip'], threshold: 1024 });
  return app;
}
