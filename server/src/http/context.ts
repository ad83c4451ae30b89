/**
 * What every module gets: configuration, database, clock. The outside services (SMS, payment
 * gateways, product lookup) are not here: each reaches the module that uses it as a plugin option
 * (modules/index.ts).
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { RunExclusive } from '../db/exclusive.ts';
// A named exception (eslint.config.js): the type of request.user, the users row (nothing at run time).
import type { UserRow } from '../modules/user/tables.ts';

export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  /** Periodic work that one process at a time should do (db/exclusive.ts). */
  exclusive: RunExclusive;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** draining: a shutdown signal arrived; readiness answers 503 and connections close. */
    lifecycle: { draining: boolean };
    /** preHandler: 401 unless the request carries a live `t-token`; sets request.user. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: sets request.user when a live token is present, else leaves it null. */
    optionalUser: (request: FastifyRequest) => Promise<void>;
    /**
     * Whether this request may use the development tools (the SMS outbox, the sandbox payments, the
     * demo account): config.devTools 'all', or 'loopback' and the client is on this machine.
     */
    devToolsAllowed: (request: FastifyRequest) => boolean;
  }
  interface FastifyRequest {
    user: UserRow | null;
    /** The raw token of the request (for logout). */
    token: string | null;
    /** The session of that token (the device list marks it as this device). */
    sessionId: number | null;
  }
}

/** The session of a request guarded by requireUser. */
export function currentSessionId(request: { sessionId: number | null }): number {
  if (request.sessionId === null) throw new Error('currentSessionId() used on a route without requireUser');
  return request.sessionId;
}

/** The signed-in user of a request guarded by requireUser. */
export function currentUser(request: { user: UserRow | null }): UserRow {
  if (!request.user) throw new Error('currentUser() used on a route without requireUser');
  return request.user;
}
