/**
 * First-start data, composed from the modules that own it: reference data (member levels, the
 * three platforms' price tables, goods, a default operator, a `top` announcement) when the
 * database is empty, and, outside production, the demo account 13800138000 / demo12345 with
 * 10000 points.
 */
import type { Db } from './db/client.ts';
import { replaceAnnouncement } from './modules/announcement/index.ts';
import { seedGoods } from './modules/goods/index.ts';
import { removePlaceholderCollectDetails, seedDefaultOperator } from './modules/operator/index.ts';
import { seedPlanConfigs } from './modules/plan-config/index.ts';
import { memberLevelsSeeded, seedDemoAccount, seedMemberLevels } from './modules/user/index.ts';

export { DEMO_PASSWORD, DEMO_PHONE, seedDemoAccount } from './modules/user/index.ts';

const WELCOME = '欢迎使用任务计划平台：新用户注册即可发布淘宝、京东、拼多多任务计划。';

/** Seeds the reference data once; false when the database already has it. Production gets no demo collect details. */
export async function seedReferenceData(db: Db, now: Date = new Date(), opts: { production?: boolean } = {}): Promise<boolean> {
  if (await memberLevelsSeeded(db)) return false;
  await db.transaction(async (tx) => {
    await seedMemberLevels(tx);
    await seedPlanConfigs(tx);
    await seedGoods(tx);
    await seedDefaultOperator(tx, { demoCollectDetails: !opts.production });
    await replaceAnnouncement(tx, 'top', WELCOME, now);
  });
  return true;
}

/** What preparing a database did: seeded the reference data, cleared demo collect details (production), made the demo account (elsewhere). */
export interface Seeded {
  reference: boolean;
  clearedCollect: boolean;
  demo: boolean;
}

/**
 * A server start's first-start work, under the startup lock with the migrations (openDatabase's
 * `prepare`): reference data when empty; production never offers the demo's placeholder collect QR
 * codes or bank account; elsewhere the demo account.
 */
export async function prepareDatabase(db: Db, now: Date, { production }: { production: boolean }): Promise<Seeded> {
  const reference = await seedReferenceData(db, now, { production });
  const clearedCollect = production && (await removePlaceholderCollectDetails(db)) > 0;
  const demo = !production && (await seedDemoAccount(db, now));
  return { reference, clearedCollect, demo };
}
