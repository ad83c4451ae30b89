/** What a template's stored form means against the current platform configs. */
import type { BaseService, PlanConfig, PlanOptionChoice, TemplateForm } from '@common/api-types';

/** The base services of the template's platform (empty until the configs have loaded). */
export function platformServices(configs: PlanConfig[] | undefined, form: TemplateForm): BaseService[] {
  return configs?.find((p) => p.flowType === form.flowType)?.planConfigList ?? [];
}

/** The base service of a template's form, and its chosen options in words. */
export function describeTemplate(
  configs: PlanConfig[] | undefined,
  form: TemplateForm,
): { config?: BaseService; options: PlanOptionChoice[] } {
  const config = platformServices(configs, form).find((c) => c.id === form.configId);
  const options: PlanOptionChoice[] = [];
  for (const condition of config?.conditionList ?? []) {
    const option = condition.optionList.find((o) => form.optionIds.includes(o.id));
    if (option) options.push({ conditionLabel: condition.label, optionLabel: option.label, integral: option.integral });
  }
  return { config, options };
}
