/**
 * Answers of reference data (price table, goods, member levels, announcement, pay types), kept
 * ready to send: the success envelope as JSON text and its ETag, computed once per cached value
 * rather than per request. A request whose If-None-Match names the ETag gets 304 and no body.
 * `no-cache` lets the browser, the service worker's fetches and a CDN keep the answer but ask
 * every time whether it is still current, which the 304 makes cheap.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from './errors.ts';

export interface PreparedAnswer {
  /** `{"success":true,"data":...}`, exactly as the route would have serialised it. */
  body: string;
  /** Strong ETag: a hash of the body, so every process gives the same answer the same tag. */
  etag: string;
}

export function prepareAnswer(data: unknown): PreparedAnswer {
  const body = JSON.stringify(ok(data));
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/**
 * Who may keep the answer: `public` for what every visitor gets the same (a CDN may hold it);
 * `private` for answers of signed-in routes or that depend on the caller (only their browser).
 */
type AnswerAudience = 'public' | 'private';

/** RFC 9110 If-None-Match: a list of tags compared weakly (gzip in nginx turns "x" into W/"x"), or `*`. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer, audience: AnswerAudience): FastifyReply {
  reply.header('cache-control', `${audience}, no-cache`).header('etag', answer.etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/**
 * `build` applied once per source object: a cache reload hands out a new object, so the answers
 * derived from it are prepared again exactly once.
 */
export function perSource<S extends object, T>(build: (source: S) => T): (source: S) => T {
  const built = new WeakMap<S, T>();
  return (source) => {
    let value = built.get(source);
    if (value === undefined) built.set(source, (value = build(source)));
    return value;
  };
}
