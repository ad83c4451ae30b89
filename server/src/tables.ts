/**
 * Every table, for the tests' whole-database checks (and benchmarks). Each module owns its tables
 * in its own tables.ts; db/tables.ts holds the infrastructure ones (drizzle-kit reads them all by
 * a glob, drizzle.config.ts). Nothing in server/src imports this file (eslint.config.js): a module
 * reads another module's data through that module's index.ts.
 */
export * from './db/tables.ts';
export * from './modules/admin/tables.ts';
export * from './modules/announcement/tables.ts';
export * from './modules/files/tables.ts';
export * from './modules/goods/tables.ts';
export * from './modules/item/tables.ts';
export * from './modules/operator/tables.ts';
export * from './modules/order/tables.ts';
export * from './modules/plan/tables.ts';
export * from './modules/plan-config/tables.ts';
export * from './modules/points/tables.ts';
export * from './modules/session/tables.ts';
export * from './modules/sms/tables.ts';
export * from './modules/template/tables.ts';
export * from './modules/user/tables.ts';
