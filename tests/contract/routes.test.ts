/**
 * Every entry of the route contract (common/routes.ts) is a route the server registers, with its
 * method: an app call through the contract can never name a path the server does not serve. (The
 * app writes no '/api/' path of its own: npm run lint.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_ROW_KINDS, pathOf, type ApiRoute } from '../../common/routes.ts';
import * as routes from '../../common/routes.ts';
import { createTestEnv, type TestEnv } from '../../server/test/support/support.ts';

/** The contract's entries (the module also exports its helpers and prefixes). */
const isRoute = (value: unknown): value is ApiRoute => typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
const entries: [string, ApiRoute][] = Object.entries(routes as Record<string, unknown>).flatMap(([name, value]) =>
  isRoute(value) ? [[name, value] as [string, ApiRoute]] : [],
);

let env: TestEnv;

beforeAll(async () => {
  env = await createTestEnv();
});

afterAll(async () => {
  await env?.close();
});

/** The paths the server registers for an entry: the price table's routes exist once per row kind. */
const registeredPaths = (route: ApiRoute) =>
  route.path.includes(':kind') ? PRICE_ROW_KINDS.map((kind) => pathOf(route, { kind })) : [route.path];

describe('the route contract', () => {
  it.each(entries)('%s is registered by the server with its method', (_name, route) => {
    for (const url of registeredPaths(route)) expect(env.app.hasRoute({ method: route.method, url }), `${route.method} ${url}`).toBe(true);
  });

  it('a path or method the server does not serve is caught', () => {
    expect(env.app.hasRoute({ method: 'GET', url: '/api/plan/create' })).toBe(false);
    expect(env.app.hasRoute({ method: 'POST', url: '/api/plan/creat' })).toBe(false);
  });

  it('holds every call the app makes', () => {
    expect(entries.length).toBeGreaterThan(70);
  });

  it('names every path once', () => {
    const keys = entries.map(([, route]) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
