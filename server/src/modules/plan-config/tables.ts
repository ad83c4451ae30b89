/** The price table: base services, their conditions and options. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/** A base service of one platform (an item of the price table's planConfigList). */
export const planConfigs = pgTable(
  'plan_configs',
  {
    id: serial('id').primaryKey(),
    flowType: text('flow_type').notNull(),
    name: text('name').notNull(),
    integral: integer('integral').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('plan_configs_flow_idx').on(t.flowType, t.sort), check('plan_configs_integral', sql`${t.integral} >= 0`)],
);

/** A deep-visit condition of a base service (conditionList); one option is chosen per condition. */
export const planConditions = pgTable('plan_conditions', {
  id: serial('id').primaryKey(),
  configId: integer('config_id')
    .notNull()
    .references(() => planConfigs.id),
  label: text('label').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const planConditionOptions = pgTable(
  'plan_condition_options',
  {
    id: serial('id').primaryKey(),
    conditionId: integer('condition_id')
      .notNull()
      .references(() => planConditions.id),
    label: text('label').notNull(),
    /** 0 means "not needed". */
    integral: integer('integral').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [check('plan_condition_options_integral', sql`${t.integral} >= 0`)],
);

/** Prices chosen at creation, snapshotted so later price changes never touch an existing plan. */
export interface PlanOptionSnapshot {
  conditionId: number;
  conditionLabel: string;
  optionId: number;
  optionLabel: string;
  integral: number;
}
