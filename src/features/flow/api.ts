/** Calls of the publish-task screen: the platform's config, plan creation and "save as template" from the form. */
import useSWR from 'swr';
import type { CreatedPlan, PlanConfig, PlanForm, TemplateForm } from '@common/api-types';
import type { FlowType } from '@common/domain';
import { apiAction } from '@/lib/api';

export const PLAN_CONFIG_PATH = '/api/plan/config';

export function usePlanConfig(flowType: FlowType) {
  return useSWR<PlanConfig>([PLAN_CONFIG_PATH, { flowType }]);
}

export const createPlan = (form: PlanForm) => apiAction<CreatedPlan>('/api/plan/create', form);

export const saveFormAsTemplate = (name: string, form: TemplateForm) => {
  const { startDate: _startDate, ...rest } = form;
  return apiAction<{ id: number }>('/api/plan/template/generate', { name, form: rest });
};
