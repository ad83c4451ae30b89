/**
 * The restore drill of docs/deploy.md, on PostgreSQL with real processes (npm run test:pg only):
 * an API server takes orders, payments and plans from several clients while `ops backup` runs;
 * the backup is restored into a fresh database; `ops verify` passes on it, every balance equals
 * its ledger, and the restored history is exactly the source's (a consistent snapshot: no ledger
 * row differs). A second backup once the load stopped restores every balance exactly, and an API
 * server started on the restored database answers the restored balance.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DEMO_PASSWORD, DEMO_PHONE } from '../src/seed.ts';
import { formFromServer } from './support/plan-helpers.ts';
import { startApiServer, type ApiServer } from './support/processes.mjs';
import { createScratchDatabase, usingPostgres } from './support/support.ts';

const CLIENTS = 4;

describe.skipIf(!usingPostgres)('restore drill: backup under load, restore into a fresh database', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-drill-'));
  const databases: Array<Awaited<ReturnType<typeof createScratchDatabase>>> = [];
  const servers: ApiServer[] = [];
  let source: Awaited<ReturnType<typeof createScratchDatabase>>;
  let api: ApiServer;
  let token: string;

  /** `npm run ops -- <args>` on a database, as a process of its own. */
  const opsArgs = (args: string[]) => ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/ops/cli.ts'), ...args];
  const opsEnv = (databaseUrl: string) => ({ ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'development' });
  const ops = (databaseUrl: string, ...args: string[]) =>
    spawnSync(process.execPath, opsArgs(args), { env: opsEnv(databaseUrl), encoding: 'utf8', timeout: 120_000 });
  /** The same without blocking this process, so the clients keep sending while it runs. */
  const opsAlongside = (databaseUrl: string, ...args: string[]) =>
    new Promise<{ status: number | null; stderr: string; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, opsArgs(args), { env: opsEnv(databaseUrl) });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
  const query = async <T extends pg.QueryResultRow>(url: string, text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  };
  const balances = (url: string) => query<{ phone: string; integral: number }>(url, 'select phone, integral from users order by id');
  const ledger = (url: string) =>
    query<{ id: number; user_id: number; delta: number; balance_after: number; kind: string; reference: string | null }>(
      url,
      'select id, user_id, delta, balance_after, kind, reference from points_ledger order by id',
    );
  const freshDatabase = async () => {
    const database = await createScratchDatabase();
    databases.push(database);
    return database;
  };
  const post = async (server: ApiServer, url: string, body: unknown, auth = token) => {
    const res = await fetch(server.baseURL + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 't-token': auth },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { success: boolean; message?: string; data?: any } };
  };

  beforeAll(async () => {
    source = await freshDatabase();
    api = await startApiServer({ env: { DATABASE_URL: source.url }, what: 'API server (source)' });
    servers.push(api);
    token = (await post(api, '/api/user/pwd-login', { phone: DEMO_PHONE, password: DEMO_PASSWORD }, '')).body.data.token;
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const database of databases) await database.drop().catch(() => {});
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('a backup taken while clients buy, pay and publish restores a consistent database: ops verify passes, balances equal their ledger', async () => {
    const goods = ((await (await fetch(`${api.baseURL}/api/god/get?type=integral`, { headers: { 't-token': token } })).json()) as any).data;
    const form = await formFromServer(api.baseURL);
    let stop = false;
    const failures: string[] = [];
    let done = 0;
    const client = async (n: number) => {
      for (let i = 0; !stop && i < 500; i++) {
        const order = await post(api, '/api/order/create', { goodsId: goods[(n + i) % goods.length].id, payType: 1 });
        if (order.status !== 200) failures.push(`order ${order.status} ${order.body.message}`);
        else {
          const paid = await post(api, `/api/pay/sandbox/${order.body.data.orderNo}/confirm`, {});
          if (paid.status !== 200) failures.push(`pay ${paid.status} ${paid.body.message}`);
        }
        const plan = await post(api, '/api/plan/create', form);
        if (plan.status !== 200) failures.push(`plan ${plan.status} ${plan.body.message}`);
        done++;
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    while (done < 8) await new Promise((r) => setTimeout(r, 50));
    const underLoad = path.join(work, 'under-load.dump');
    const doneBeforeBackup = done;
    const backup = await opsAlongside(source.url, 'backup', underLoad);
    const doneAtBackup = done;
    expect(doneAtBackup).toBeGreaterThan(doneBeforeBackup); // the clients kept working while it ran
    // A little more work after the snapshot, which the restore must not have.
    while (done < doneAtBackup + 4) await new Promise((r) => setTimeout(r, 50));
    stop = true;
    await load;
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(failures).toEqual([]);

    const restored = await freshDatabase();
    const restore = ops(restored.url, 'restore', underLoad);
    expect([restore.status, restore.stderr]).toEqual([0, '']);
    const verified = ops(restored.url, 'verify');
    expect([verified.status, verified.stdout.trim()]).toEqual([0, '核对通过：积分余额、积分明细、订单入账、计划扣费与退还、会员均一致']);

    // A consistent snapshot of the source: every restored ledger row is the source's row, and the
    // source went on after it (the drill really ran under load).
    const [sourceLedger, restoredLedger] = [await ledger(source.url), await ledger(restored.url)];
    const sourceRows = new Map(sourceLedger.map((row) => [row.id, row]));
    for (const row of restoredLedger) expect(sourceRows.get(row.id)).toEqual(row);
    expect(restoredLedger.length).toBeGreaterThan(1);
    expect(restoredLedger.length).toBeLessThan(sourceLedger.length);
    // Each restored balance is its restored ledger's last balance_after.
    const lastBalance = new Map(restoredLedger.map((row) => [row.user_id, row.balance_after]));
    const restoredUsers = await query<{ id: number; integral: number }>(restored.url, 'select id, integral from users');
    for (const user of restoredUsers) expect(user.integral).toBe(lastBalance.get(user.id) ?? 0);
    expect(ops(source.url, 'verify').status).toBe(0);
  }, 300_000);

  it('once the load stopped, a second backup restores every balance exactly, and an API started on it answers them', async () => {
    const quiet = path.join(work, 'quiet.dump');
    expect(ops(source.url, 'backup', quiet).status).toBe(0);
    const restored = await freshDatabase();
    expect(ops(restored.url, 'restore', quiet).status).toBe(0);
    expect(await balances(restored.url)).toEqual(await balances(source.url));
    expect(await ledger(restored.url)).toEqual(await ledger(source.url));
    expect(ops(restored.url, 'verify').status).toBe(0);

    const onRestored = await startApiServer({ env: { DATABASE_URL: restored.url }, what: 'API server (restored)' });
    servers.push(onRestored);
    const login = await post(onRestored, '/api/user/pwd-login', { phone: DEMO_PHONE, password: DEMO_PASSWORD }, '');
    expect(login.status).toBe(200);
    const me = (await (
      await fetch(`${onRestored.baseURL}/api/user/user-data`, { headers: { 't-token': login.body.data.token } })
    ).json()) as any;
    const [demo] = (await balances(source.url)).filter((u) => u.phone === DEMO_PHONE);
    expect(me.data.integral).toBe(demo!.integral);
  }, 300_000);
});
