/**
 * The composition root: the HTTP shell plus every domain module, wired together. main.ts and the
 * tests build the application here; http/ and db/ never import a domain module themselves.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './http/context.ts';
import { createHttpShell, type BuildOptions } from './http/app.ts';
import { registerModules, type Providers } from './modules/index.ts';
import { liveSession } from './modules/session/index.ts';

export interface AppOptions extends BuildOptions {
  /** The outside services the modules use (modules/index.ts: createProviders). */
  providers: Providers;
}

export async function buildApp(ctx: AppContext, { providers, ...opts }: AppOptions): Promise<FastifyInstance> {
  const app = await createHttpShell(ctx, {
    ...opts,
    sessionForToken: async (token, client) => {
      const session = await liveSession(ctx.db, token, ctx.clock, client);
      // A disabled account's sessions are revoked when it is disabled; this also covers a race with that.
      return session && !session.user.disabledAt ? session : null;
    },
  });
  await registerModules(app, providers);
  return app;
}
