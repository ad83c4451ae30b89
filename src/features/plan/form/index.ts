/**
 * The plan form, one piece composed by /flow/:type (publish) and /plan/template (edit, publish):
 * its fields, state and validation, and the cost summary. The rules themselves live in common/
 * (cost, limits, distribution); the business time zone is always a parameter: the caller passes
 * the plan config's `timeZone`.
 */
export { default as PlanFormFields, FIRST_ERROR_SELECTOR } from './PlanFormFields';
export { default as CostSummary } from './CostSummary';
export { quotePlan, stopRefund, type PlanQuote } from './cost';
export {
  chosenOptionIds,
  defaultOptions,
  fromTemplateForm,
  initialFlowForm,
  toPlanForm,
  validateFlowForm,
  type FlowFormState,
} from './form';
