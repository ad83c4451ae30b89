/**
 * Input validation with zod: the first problem becomes a 400 with a Chinese message that names
 * the field. Schemas are strict (unknown fields are refused, never stored).
 */
import { z } from 'zod';
import { badRequest } from './errors.ts';
import { MOBILE_PATTERN } from '../../../common/account-rules.ts';

z.config(z.locales.zhCN());

/** Chinese names of common fields, used to say which field is wrong. */
const FIELD_LABELS: Record<string, string> = {
  phone: '手机号',
  password: '密码',
  verifyCode: '验证码',
  type: '类型',
  inviteCode: '邀请码',
  avatar: '头像',
  page: '页码',
  pageSize: '每页条数',
  flowType: '平台类型',
  configId: '基础服务',
  keyword: '搜索关键词',
  name: '模板名称',
};

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    throw badRequest(`不支持的参数：${issue.keys.join('、')}`);
  }
  const field = issue.path.map(String).join('.');
  const label = FIELD_LABELS[String(issue.path[0] ?? '')] ?? field;
  // Messages written with msg() are complete sentences; zod's generic ones get the field name in front.
  if (issue.message.startsWith(COMPLETE_MESSAGE)) throw badRequest(issue.message.slice(COMPLETE_MESSAGE.length));
  if (!label) throw badRequest(issue.message);
  throw badRequest(`${label}：${issue.message}`);
}

/**
 * Marks a message as complete. zod 4 keeps `params` only for refinements, so the mark travels in
 * the message itself and parseInput strips it (it never reaches a client).
 */
const COMPLETE_MESSAGE = '\u2063';

/** A Chinese message that is shown as-is (no field prefix); works on every kind of check. */
export const msg = (message: string) => ({ error: COMPLETE_MESSAGE + message }) as const;

/** The largest value a PostgreSQL integer (int4) column holds: every id and count is one. */
export const INT4_MAX = 2_147_483_647;

/** A row id in a JSON body: a whole number from 1 to INT4_MAX, else `message`. */
export const idField = (message: string) => z.number(msg(message)).int(msg(message)).min(1, msg(message)).max(INT4_MAX, msg(message));

/** A row id in a query string (text, coerced to a number); same bounds as idField. */
export const idQueryField = (message: string) =>
  z.coerce.number(msg(message)).int(msg(message)).min(1, msg(message)).max(INT4_MAX, msg(message));

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const UNSAFE_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where `value` holds text PostgreSQL cannot store or that is not text at all: a NUL character,
 * or a lone UTF-16 surrogate (half of a character). Returns the top-level key (or index) under
 * which the first such string or object key sits, '' for `value` itself, or null when all is well.
 * Iterative and linear, so deeply nested input can neither exhaust the stack nor take long.
 */
export function findUnsafeText(value: unknown): string | null {
  const pending: { value: unknown; top: string }[] = [{ value, top: '' }];
  while (pending.length > 0) {
    const { value: current, top } = pending.pop()!;
    if (typeof current === 'string') {
      if (UNSAFE_TEXT.test(current)) return top;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, top: top || String(index) }));
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (UNSAFE_TEXT.test(key)) return top || key;
        pending.push({ value: item, top: top || key });
      }
    }
  }
  return null;
}

/**
 * Refuses (400) a request whose query, path parameters or body carry unsafe text (see
 * findUnsafeText), before any route sees it. Run for every route, so no field can forget it.
 */
export function refuseUnsafeText(request: { query: unknown; params: unknown; body: unknown }): void {
  for (const part of [request.query, request.params, request.body]) {
    const top = findUnsafeText(part);
    if (top === null) continue;
    const label = FIELD_LABELS[top] ?? '请求内容';
    throw badRequest(`${label}包含无法识别的字符（如空字符或残缺的 Unicode 字符），请修改后重试`);
  }
}

/** Paging of every list: page from 1, pageSize default 10, max 100. */
export const pagingShape = {
  page: z.coerce.number().int().min(1, msg('页码必须从 1 开始')).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1, msg('每页条数须在 1 到 100 之间')).max(100, msg('每页条数须在 1 到 100 之间')).default(10),
};

export const phoneSchema = z.string(msg('请输入手机号')).regex(MOBILE_PATTERN, msg('手机号格式不正确'));

export type { Page } from '../../../common/api-types.ts';
