/**
 * bench:plans's server: the API exactly as `src/main.ts` builds it, plus GET
 * /bench/plan-list-before: the session check and the plan list in their earlier shape, built per
 * request (bench/plan-list-before.ts), so that before and after run in the same process on the same data.
 * It takes the `t-token` header and the list's page, pageSize, status and flowType (the benchmark
 * sends only valid ones). Only the benchmark starts it.
 */
import { loadConfigOrExit } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { useSharedCaches } from '../src/db/shared-cache.ts';
import { buildApp } from '../src/app.ts';
import { ok } from '../src/http/errors.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createProviders, providerSettings } from '../src/modules/index.ts';
import { consoleSmsProvider } from '../src/modules/sms/index.ts';
import type { FlowType, PlanStatus } from '../../common/domain.ts';
import { listPlansBefore, sessionUserBefore } from './plan-list-before.ts';

const config = loadConfigOrExit('server', process.env, providerSettings);
useSharedCaches(config.referenceCache);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp(
  { config, db: database.db, clock: systemClock, exclusive: database.exclusive },
  { providers: { ...createProviders(config, database.db, () => {}), sms: consoleSmsProvider(database.db, () => {}) } },
);
app.get('/bench/plan-list-before', async (request, reply) => {
  const now = systemClock.now();
  const user = await sessionUserBefore(database.db, String(request.headers['t-token'] ?? ''), now);
  if (!user) return reply.status(401).send({ success: false, message: '请先登录' });
  const query = request.query as { page?: string; pageSize?: string; status?: PlanStatus; flowType?: FlowType };
  const filters = { status: query.status, flowType: query.flowType, dateType: 'createdAt' as const };
  const paging = { page: Number(query.page ?? 1), pageSize: Number(query.pageSize ?? 10) };
  return ok(await listPlansBefore(database.db, user.id, { ...filters, ...paging }, now, config.timeZone));
});
await app.listen({ port: config.port, host: config.host });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
