/** The three platforms (seed §1): flowType values and their labels (`generalType`). */
export const FLOW_TYPES = ['tb', 'jd', 'pdd'] as const;

export type FlowType = (typeof FLOW_TYPES)[number];

export const FLOW_TYPE_LABELS: Record<FlowType, string> = {
  tb: '淘宝/天猫',
  jd: '京东',
  pdd: '拼多多',
};

export function isFlowType(value: unknown): value is FlowType {
  return typeof value === 'string' && (FLOW_TYPES as readonly string[]).includes(value);
}
