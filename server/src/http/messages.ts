/**
 * What the API answers in words, from the zh-cn catalogue (locales/zh-cn/api.json: the API's own
 * namespace, which the app never loads). `{{name}}` placeholders are filled by `fill`.
 */
import catalogue from '../../../locales/zh-cn/api.json' with { type: 'json' };

export const API_MESSAGES = catalogue;

/** A catalogue text with its `{{name}}` placeholders filled in. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
