/** Calls of the publish-task screen: the platform's config, plan creation and "save as template" from the form. */
import useSWR, { preload } from 'swr';
import type { CreatedPlan, PlanConfig, PlanForm, TemplateForm } from '@common/api-types';
import type { FlowType } from '@common/domain';
import { apiAction, swrFetcher } from '@/lib/api';

export const PLAN_CONFIG_PATH = '/api/plan/config';

const planConfigKey = (flowType: FlowType) => [PLAN_CONFIG_PATH, { flowType }] as const;

export function usePlanConfig(flowType: FlowType) {
  return useSWR<PlanConfig>(planConfigKey(flowType));
}

/** The publish page's data, fetched while its code loads (src/app/routes). */
export const preloadFlowData = (flowType: FlowType) => preload(planConfigKey(flowType), swrFetcher);

export const createPlan = (form: PlanForm) => apiAction<CreatedPlan>('/api/plan/create', form);

export const saveFormAsTemplate = (name: string, form: TemplateForm) => {
  const { startDate: _startDate, ...rest } = form;
  return apiAction<{ id: number }>('/api/plan/template/generate', { name, form: rest });
};
