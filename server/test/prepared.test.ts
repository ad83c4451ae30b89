/** Statements prepared once per database handle (src/db/prepared.ts), on PGlite or TEST_DATABASE_URL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { placeholderBinder, preparedOn } from '../src/db/prepared.ts';
import { createTestEnv, type TestEnv } from './support/support.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env?.close());

describe('preparedOn', () => {
  it('builds a statement once per handle and key, and another for another key or handle', async () => {
    const built: string[] = [];
    const answer = (key: string) =>
      preparedOn(env.ctx.db, key, (on, name) => {
        built.push(name);
        return on.execute(sql`select ${key}::text as key`);
      });
    const first = answer('a');
    expect(answer('a')).toBe(first);
    answer('b');
    expect(built).toHaveLength(2);
    expect(new Set(built).size).toBe(2);
    expect(built.every((name) => name.length < 63)).toBe(true); // PostgreSQL's limit for a name

    await env.ctx.db.transaction(async (tx) => {
      preparedOn(tx, 'a', (_on, name) => built.push(name));
    });
    expect(built).toHaveLength(3);
    expect(built[2]).toBe(built[0]); // the key's name, on the handle it was not yet prepared on
  });

  it('executes with the values bound for it: a date as its instant, each call its own values', async () => {
    const run = async (at: Date, label: string) => {
      const { bind, values, names } = placeholderBinder();
      const query = sql`select ${bind('at', at)}::timestamptz as at, ${bind('label', label)}::text as label`;
      const prepared = preparedOn(env.ctx.db, `binder-test:${names()}`, (on, name) =>
        on
          .select({ at: sql<string>`at`, label: sql<string>`label` })
          .from(sql`(${query}) as bound`)
          .prepare(name),
      );
      const [row] = await prepared.execute(values);
      return { names: names(), at: new Date(row!.at).getTime(), label: row!.label };
    };
    const first = await run(new Date('2026-11-26T01:30:00+08:00'), '第一');
    const second = await run(new Date('2026-12-31T23:59:59Z'), '第二');
    expect(first).toEqual({ names: 'at,label', at: Date.parse('2026-11-25T17:30:00Z'), label: '第一' });
    expect(second).toEqual({ names: 'at,label', at: Date.parse('2026-12-31T23:59:59Z'), label: '第二' });
  });
});
