/**
 * The composition root: the HTTP shell plus every domain module, wired together. main.ts and the
 * tests build the application here; http/ and db/ never import a domain module themselves.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './http/context.ts';
import { createHttpShell, type BuildOptions } from './http/app.ts';
import { registerModules, type Providers } from './modules/index.ts';
import { liveSession } from './modules/session/index.ts';
import { HOUR, MINUTE } from './lib/clock.ts';

export interface AppOptions extends BuildOptions {
  /** The outside services the modules use (modules/index.ts: createProviders). */
  providers: Providers;
}

export async function buildApp(ctx: AppContext, { providers, ...opts }: AppOptions): Promise<FastifyInstance> {
  const app = await createHttpShell(ctx, {
    ...opts,
    sessionForToken: async (token, client) => {
      const session = await liveSession(ctx.db, token, ctx.clock, client, {
        maxMs: ctx.config.consoleSessionMaxHours * HOUR,
        idleMs: ctx.config.consoleSessionIdleMinutes * MINUTE,
      });
      // A disabled or deleted account's sessions end when it is disabled or deleted; this also
      // covers a session opened in a race with that.
      return session && !session.user.disabledAt && !session.user.deletedAt ? session : null;
    },
  });
  await registerModules(app, providers);
  return app;
}
