/** The plan-config module: owns the price table (plan_configs, plan_conditions, plan_condition_options). */
export { planConfigRoutes } from './routes.ts';
export type { PlanOptionSnapshot } from './tables.ts';
export { flowTypeSchema, loadPlanConfigs, priceForm, type FormPrice, type PlatformPrices } from './configs.ts';
export { PLAN_CONFIG_SEED, seedPlanConfigs } from './seed.ts';
export { createPriceRow, findPriceRow, priceTableForConsole, updatePriceRow, type PriceRowKind, type PriceTableTree } from './console.ts';
