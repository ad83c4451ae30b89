/**
 * The composition root: the HTTP shell plus every domain module, wired together. main.ts and the
 * tests build the application here; http/ and db/ never import a domain module themselves.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './http/context.ts';
import { createHttpShell, type BuildOptions } from './http/app.ts';
import { registerModules } from './modules/index.ts';
import { sessionUserId } from './modules/session/index.ts';
import { findUserById } from './modules/user/index.ts';

export type { BuildOptions };

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await createHttpShell(ctx, {
    ...opts,
    userForToken: async (token) => {
      const userId = await sessionUserId(ctx.db, token, ctx.clock);
      return userId === null ? null : findUserById(ctx.db, userId);
    },
  });
  await registerModules(app);
  return app;
}
