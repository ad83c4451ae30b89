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

/** Paging of every list: page from 1, pageSize default 10, max 100. */
export const pagingShape = {
  page: z.coerce.number().int().min(1, msg('页码必须从 1 开始')).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1, msg('每页条数须在 1 到 100 之间')).max(100, msg('每页条数须在 1 到 100 之间')).default(10),
};

export const phoneSchema = z
  .string(msg('请输入手机号'))
  .regex(MOBILE_PATTERN, msg('手机号格式不正确'));

export type { Page } from '../../../common/api-types.ts';
