/**
 * The composition root of the domain modules: every module registers its routes here (one line
 * each), through its index. Modules own their routes, logic, data access and tables; they share
 * only the db, config, clock and http layers. Where one module needs another that also depends on
 * it, the dependency is handed in here as a plugin option (sms asks the user module whether a
 * phone is registered; orders get the online payment provider of the pay module; the account's
 * deletion has the admin module's audit log forget the phone).
 *
 * Outside services (the SMS gateway, the payment gateways, the product lookup) reach modules one
 * way: each is built once here from its settings (read beside its module: sms/settings.ts,
 * pay/settings.ts, listed in providerSettings) and handed to the modules that use it as a plugin
 * option. Not on the app context: that lives in http/, below the modules, and cannot name their
 * types; a plugin option also shows in one place which module talks to which service, and lets a
 * test hand in a fake (test/support: createTestEnv's `sms`, buildApp's `providers`).
 */
import type { FastifyInstance } from 'fastify';
import type { Config, SettingsSection } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accountRoutes } from './account/index.ts';
import { adminRoutes, auditReconciledPayment, forgetAccountInAudit } from './admin/index.ts';
import { announcementRoutes } from './announcement/index.ts';
import { fileRoutes } from './files/index.ts';
import { goodsRoutes } from './goods/index.ts';
import { healthRoutes } from './health/index.ts';
import {
  createItemProviders,
  ItemLookup,
  itemRoutes,
  itemSettings,
  type ItemProviders,
  type ItemSettings,
  type ShortLinkOptions,
} from './item/index.ts';
import { operatorRoutes } from './operator/index.ts';
import { orderRoutes } from './order/index.ts';
import { createPaymentGateways, paymentSettings, payRoutes, type PaymentGateways, type PaymentSettings } from './pay/index.ts';
import { planConfigRoutes } from './plan-config/index.ts';
import { planRoutes } from './plan/index.ts';
import { createSmsProvider, smsRoutes, smsSettings, type SmsProvider, type SmsSettings } from './sms/index.ts';
import { templateRoutes } from './template/index.ts';
import { phoneRegistered, userRoutes } from './user/index.ts';
import { webRoutes } from './web/index.ts';

/** The outside services' settings, each read beside its module. */
export type ProviderSettings = SmsSettings & { payments: PaymentSettings } & ItemSettings;
export const providerSettings: SettingsSection<ProviderSettings> = (scope) => ({
  ...smsSettings(scope),
  ...paymentSettings(scope),
  ...itemSettings(scope),
});
/** The whole configuration of the server: the core settings and the outside services' (loadConfig(env, purpose, providerSettings)). */
export type ServerConfig = Config & ProviderSettings;

/** The outside services, built once per process. */
export interface Providers {
  sms: SmsProvider;
  payments: PaymentGateways;
  /** The platforms' product APIs (each off until its settings are given) and the lookup's limits. */
  items: { settings: ItemSettings; providers: ItemProviders; shortLinks?: ShortLinkOptions };
}

/** `log` receives the console SMS provider's lines (outside production, the codes it "sends"). */
export function createProviders(config: ServerConfig, db: Db, log: (line: string) => void): Providers {
  return {
    sms: createSmsProvider(config, db, log),
    payments: createPaymentGateways(config),
    items: { settings: config, providers: createItemProviders(config) },
  };
}

export async function registerModules(app: FastifyInstance, providers: Providers): Promise<void> {
  await app.register(healthRoutes);
  await app.register(smsRoutes, { provider: providers.sms, phoneRegistered });
  await app.register(userRoutes);
  await app.register(operatorRoutes);
  await app.register(announcementRoutes);
  await app.register(goodsRoutes);
  await app.register(orderRoutes, { payments: providers.payments.forPayType, onReconciledPayment: auditReconciledPayment(app.ctx.clock) });
  await app.register(payRoutes, { gateways: providers.payments });
  await app.register(planConfigRoutes);
  const itemLookup = new ItemLookup(app.ctx, {
    settings: providers.items.settings,
    providers: providers.items.providers,
    shortLinks: providers.items.shortLinks,
  });
  await app.register(itemRoutes, { lookup: itemLookup });
  await app.register(planRoutes);
  await app.register(templateRoutes);
  await app.register(accountRoutes, { payments: providers.payments.forPayType, forgetInAudit: forgetAccountInAudit });
  await app.register(fileRoutes);
  await app.register(adminRoutes, { payments: providers.payments.forPayType, itemProviders: () => itemLookup.providerStates() });
  // Last: the built app and its SPA fallback (GET paths no module answers).
  await app.register(webRoutes);
}
