/**
 * The publish form's draft, one per platform, kept in this tab's sessionStorage while the seller
 * fills it: a trip to 充值 (or anywhere else) and back restores every field. Removed once the plan
 * is published; only its seller reads it (a logout or another account's sign-in drops it: lib's
 * `drafts`). A draft that does not look like a form (another version, tampered) is ignored.
 */
import { drafts } from '@/lib/session-store';
import type { FlowType } from '@common/domain';
import { HOURS } from '@common/plan-limits';
import type { FlowFormState } from './form';

const keyOf = (flowType: FlowType) => `flow:v1:${flowType}`;

export function saveDraft(flowType: FlowType, form: FlowFormState): void {
  try {
    drafts.set(keyOf(flowType), JSON.stringify(form));
  } catch {
    /* storage full or refused: the form still works, only without a draft */
  }
}

export function clearDraft(flowType: FlowType): void {
  drafts.remove(keyOf(flowType));
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

export function loadDraft(flowType: FlowType): FlowFormState | null {
  let value: Partial<FlowFormState> | null;
  try {
    value = JSON.parse(drafts.get(keyOf(flowType)) ?? 'null') as Partial<FlowFormState> | null;
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const ok =
    typeof value.itemUrl === 'string' &&
    typeof value.title === 'string' &&
    Array.isArray(value.keywords) &&
    value.keywords.every((k) => typeof k === 'string') &&
    (value.configId === null || isCount(value.configId)) &&
    typeof value.options === 'object' &&
    value.options !== null &&
    isCount(value.dailyCount) &&
    isCount(value.days) &&
    typeof value.startDate === 'string' &&
    (value.preset === 'even' || value.preset === 'curve' || value.preset === 'custom') &&
    Array.isArray(value.distribution) &&
    value.distribution.length === HOURS &&
    value.distribution.every(isCount) &&
    (value.item === null || (typeof value.item === 'object' && typeof value.item?.itemId === 'string'));
  return ok ? (value as FlowFormState) : null;
}
