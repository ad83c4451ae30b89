/**
 * Public face of the flow feature, for the plan feature's template editor and publish dialog
 * (the plan form is one form, edited in both places). Everything else stays internal.
 */
export { default as PlanFormFields } from './components/PlanFormFields';
export { default as CostSummary } from './components/CostSummary';
export { stopRefund, unitCost } from './cost';
export { businessNow, canStartOn, setBusinessTimeZone } from './distribution';
export { chosenOptionIds, fromTemplateForm, toPlanForm, validateFlowForm, type FlowFormState } from './form';
