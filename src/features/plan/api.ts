/**
 * Calls of the publish page (/flow/:type), /plan/list, /plan/template and the home overview.
 * List filters are the same for the table and the .xlsx export.
 */
import useSWR, { mutate, preload } from 'swr';
import type { FlowType, PlanStatus } from '@common/domain';
import { apiAction, apiPost, downloadXlsx, swrFetcher, type Query } from '@/lib/api';
import type { Page, PlanConfig, PlanCounts, PlanDetail, PlanForm, PlanRow, TemplateForm, TemplateRow } from '@common/api-types';
import * as routes from '@common/routes';

export interface PlanFilters {
  flowType?: FlowType;
  status?: PlanStatus;
  keyword?: string;
  /** Inclusive dates (YYYY-MM-DD) of the plans' start date. */
  dateFrom?: string;
  dateTo?: string;
}

/** The filters as query parameters (the date range applies to the start date). */
export function filterQuery(filters: PlanFilters): Query {
  return {
    flowType: filters.flowType,
    status: filters.status,
    keyword: filters.keyword?.trim() || undefined,
    dateType: filters.dateFrom || filters.dateTo ? 'startDate' : undefined,
    dateFrom: filters.dateFrom,
    dateTo: filters.dateTo,
  };
}

/** Rows per page of the plan and template lists. */
export const PLAN_PAGE_SIZE = 10;
/** Plans in the home overview's "latest" list. */
export const OVERVIEW_LATEST = 5;

const planConfigKey = (flowType: FlowType) => [routes.planConfig.path, { flowType }] as const;
const planListKey = (filters: PlanFilters, page: number, pageSize: number) =>
  [routes.planList.path, { ...filterQuery(filters), page, pageSize }] as const;
const planCountKey = (flowType?: FlowType) => [routes.planCounts.path, { flowType }] as const;
const templateListKey = (page: number, pageSize: number) => [routes.templateList.path, { page, pageSize }] as const;

/** One platform's config: its services, prices and business time zone (the publish page). */
export function usePlanConfig(flowType: FlowType) {
  return useSWR<PlanConfig>(planConfigKey(flowType));
}

export function usePlanList(filters: PlanFilters, page: number, pageSize: number) {
  return useSWR<Page<PlanRow>>(planListKey(filters, page, pageSize), { keepPreviousData: true });
}

export function usePlanCounts(flowType?: FlowType) {
  return useSWR<PlanCounts>(planCountKey(flowType));
}

export function usePlanDetail(id: number | null) {
  return useSWR<PlanDetail>(id === null ? null : [routes.planDetail.path, { id }]);
}

export function useTemplates(page: number, pageSize: number) {
  return useSWR<Page<TemplateRow>>(templateListKey(page, pageSize), { keepPreviousData: true });
}

/** Every platform's config (the template editor's services and the business time zone). */
export function usePlanConfigs() {
  return useSWR<PlanConfig[]>(routes.planConfigFullData.path);
}

/**
 * What each page asks for on its first render, fetched while its code loads (src/app/routes calls
 * these with the page's lazy import), so the data does not wait for the code.
 */
export const preloadPlanData = {
  list: () => Promise.all([preload(planListKey({}, 1, PLAN_PAGE_SIZE), swrFetcher), preload(planCountKey(), swrFetcher)]),
  template: () =>
    Promise.all([preload(templateListKey(1, PLAN_PAGE_SIZE), swrFetcher), preload(routes.planConfigFullData.path, swrFetcher)]),
  overview: () => Promise.all([preload(planListKey({}, 1, OVERVIEW_LATEST), swrFetcher), preload(planCountKey(), swrFetcher)]),
  publish: (flowType: FlowType) => preload(planConfigKey(flowType), swrFetcher),
};

/** Re-fetches every cached answer under these paths (all pages and filters). */
function revalidate(...paths: string[]) {
  return mutate((key) => Array.isArray(key) && paths.includes(key[0] as string));
}
/** After plans change: every page of the plan list and the counts. */
export const revalidatePlans = () => revalidate(routes.planList.path, routes.planCounts.path);
/** After templates change: every page of the template list. */
export const revalidateTemplates = () => revalidate(routes.templateList.path);

export const createPlan = (form: PlanForm) => apiAction(routes.planCreate, form);

/** "Save as template" from the publish form: a template has no start date. */
export const saveFormAsTemplate = (name: string, form: TemplateForm) => {
  const { startDate: _startDate, ...rest } = form;
  return apiAction(routes.templateGenerate, { name, form: rest });
};

export const stopPlans = (ids: number[]) => apiPost(routes.planStop, { ids });
export const deletePlans = (ids: number[]) => apiPost(routes.planDelete, { ids });
export const planToTemplate = (planId: number) => apiAction(routes.templateGenerate, { planId });
export const exportPlans = (filters: PlanFilters, filename: string) => downloadXlsx(routes.planExport, filterQuery(filters), filename);

export const updateTemplate = (id: number, name: string, form: TemplateForm) => apiPost(routes.templateUpdate, { id, name, form });
export const deleteTemplate = (id: number) => apiPost(routes.templateDelete, { id });
export const publishTemplate = (id: number, startDate: string) => apiAction(routes.templatePublish, { id, startDate });
