/**
 * bench:plans's server: the API exactly as `src/main.ts` builds it, plus GET
 * /bench/plan-list-before answering the plan list in its earlier shape (bench/plan-list-before.ts),
 * so that before and after run in the same process, on the same data, behind the same session
 * check. It takes the list's page, pageSize, status and flowType. Only the benchmark starts it.
 */
import { loadConfigOrExit } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { useSharedCaches } from '../src/db/shared-cache.ts';
import { buildApp } from '../src/app.ts';
import { ok } from '../src/http/errors.ts';
import { currentUser } from '../src/http/context.ts';
import { systemClock } from '../src/lib/clock.ts';
import { consoleSmsProvider } from '../src/modules/sms/index.ts';
import type { FlowType, PlanStatus } from '../../common/domain.ts';
import { listPlansBefore } from './plan-list-before.ts';

const config = loadConfigOrExit('server');
useSharedCaches(config.referenceCache);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, db: database.db, clock: systemClock, sms: consoleSmsProvider(database.db, () => {}) });
app.get('/bench/plan-list-before', { preHandler: app.requireUser }, async (request) => {
  const query = request.query as { page?: string; pageSize?: string; status?: PlanStatus; flowType?: FlowType };
  const filters = { status: query.status, flowType: query.flowType, dateType: 'createdAt' as const };
  const paging = { page: Number(query.page ?? 1), pageSize: Number(query.pageSize ?? 10) };
  return ok(await listPlansBefore(database.db, currentUser(request).id, { ...filters, ...paging }, systemClock.now(), config.timeZone));
});
await app.listen({ port: config.port, host: config.host });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
