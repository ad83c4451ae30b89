/** The plan module: owns the plans table (the form, pricing and charging, schedule, stop and refund). */
export { planRoutes } from './routes.ts';
export { checkPlanForm, checkTemplateForm, type PlanForm, type TemplateForm } from './form.ts';
export {
  plansOf,
  createPlan,
  erasePlanTextsOf,
  findOwnPlan,
  stopAllPlansOf,
  listPlans,
  plansCreatedPerDay,
  recentPlansOf,
  planFilterWhere,
  planPageQuery,
  toPlanRow,
  type PlanFilters,
  type PlanRecord,
} from './plans.ts';
export { dispatchedAt, dispatchedToday, planProgress, scheduleBounds, scheduleView, type PlanClockState } from './schedule.ts';
export { writePlansWorkbook } from './export.ts';
export { planChargeFindings, planCountFindings } from './verify.ts';
