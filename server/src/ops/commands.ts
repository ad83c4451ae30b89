/**
 * The ops command table (`npm run ops -- <command> [args]`). Each command checks its input,
 * changes the database through the same module functions the API uses (never its own SQL), and
 * returns a Chinese line saying what changed. Bad input throws an AppError (the CLI prints its
 * message and exits with code 1). Add a command with one entry in COMMANDS.
 */
import type { Db, Executor } from '../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../http/errors.ts';
import type { Clock } from '../lib/clock.ts';
import {
  CLI_ACTOR,
  adjustPoints,
  auditReconciledPayment,
  announce,
  changeRole,
  confirmOrder,
  deleteUser,
  setDefaultCollect,
  setDefaultContact,
  setMember,
} from '../modules/admin/index.ts';
import { confirmOrderCommand, reconcileDay } from '../modules/order/index.ts';
import type { ServerConfig } from '../modules/index.ts';
import { createPaymentGateways } from '../modules/pay/index.ts';
import { operatorFor } from '../modules/operator/index.ts';
import { ledgerSum } from '../modules/points/index.ts';
import { sessionSummary } from '../modules/session/index.ts';
import { createAccountWithoutPassword, findUserByPhone, inviteSummary, memberBenefit } from '../modules/user/index.ts';
import { MEMBER_LEVEL_NAMES, isMemberLevel } from '../../../common/domain.ts';
import { isMobile } from '../../../common/account-rules.ts';
import { formatLocalDateTime, zonedInstant } from '../../../common/zoned-time.ts';
import type { ReconciliationDifference } from '../../../common/admin-types.ts';
import { DATABASE_COMMANDS, type DatabaseCommand } from './backup.ts';
import { verifyReport, verifySummary } from './verify.ts';
import type { CommandOutcome } from './outcome.ts';
import { PREFLIGHT_SUMMARY, PREFLIGHT_USAGE } from './preflight.ts';

export interface OpsContext {
  db: Db;
  clock: Clock;
  /** With the payment gateways' settings: reconcile fetches their bills. */
  config: ServerConfig;
}

export interface OpsCommand {
  usage: string;
  summary: string;
  run(ctx: OpsContext, args: string[]): Promise<string>;
}

const MAX_ANNOUNCEMENT = 500;
const MAX_REMARK = 200;
const MAX_POINTS_DELTA = 100_000_000;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const IMAGE_URL = /^(\/[^\s]*|https?:\/\/[^\s]+)$/;

/** `YYYY-MM-DD HH:mm:ss` of an instant in the business time zone, or '--'. */
const formatLocal = (at: Date | null, timeZone: string) => (at ? formatLocalDateTime(at, timeZone) : '--');

/**
 * The instant of a business-time-zone wall clock `YYYY-MM-DD HH:mm:ss`. Impossible values
 * (2026-02-30, 24:00:00, 10:60:00) land on another wall clock, so the round trip refuses them.
 */
function parseLocal(text: string, timeZone: string): Date {
  const bad = () => badRequest(`时间格式不正确：「${text}」，请使用 YYYY-MM-DD HH:mm:ss（${timeZone} 时间）`);
  if (!DATE_TIME.test(text)) throw bad();
  const [hour, minute, second] = text.slice(11).split(':').map(Number) as [number, number, number];
  const at = new Date(zonedInstant(text.slice(0, 10), 0, hour, timeZone).getTime() + (minute * 60 + second) * 1000);
  if (formatLocalDateTime(at, timeZone) !== text) throw bad();
  return at;
}

function requirePhone(phone: string | undefined, usage: string): string {
  if (!phone) throw badRequest(`缺少手机号。用法：${usage}`);
  if (!isMobile(phone)) throw badRequest(`手机号格式不正确：「${phone}」`);
  return phone;
}

async function findUser(db: Executor, phone: string) {
  const user = await findUserByPhone(db, phone);
  if (!user) throw notFound(`用户不存在：${phone}`);
  return user;
}

const DIFFERENCE_LABELS: Record<ReconciliationDifference['kind'], string> = {
  missing_at_gateway: '本地已支付、账单中没有',
  amount_differs: '金额不符',
  unknown_order: '账单中有、本地没有此订单',
  paid_twice: '账单中同一订单付款两次',
  trade_no_differs: '交易号与本地入账的不同',
  refunded_at_gateway: '平台已退款（本地仍已入账）',
  revoked_at_gateway: '平台已撤销付款（本地仍已入账）',
  unreadable_row: '账单行无法读取',
  refund_due: '已注销账号的到账，待退款',
};

const levelName = (level: number) => (isMemberLevel(level) ? MEMBER_LEVEL_NAMES[level] : `等级 ${level}`);

export const COMMANDS: Record<string, OpsCommand> = {
  announce: {
    usage: 'announce <公告内容>',
    summary: '发布顶部公告（内容为空则清除）',
    async run(ctx, args) {
      const text = args.join(' ').trim();
      if (text.length > MAX_ANNOUNCEMENT) throw badRequest(`公告内容过长：${text.length} 字，最多 ${MAX_ANNOUNCEMENT} 字`);
      const { disabled } = await announce(ctx, CLI_ACTOR, text);
      return text ? `已发布顶部公告：「${text}」（停用旧公告 ${disabled} 条）` : `已清除顶部公告（停用 ${disabled} 条）`;
    },
  },

  'points:adjust': {
    usage: 'points:adjust <手机号> <增减积分，如 100 或 -50> <备注>',
    summary: '人工调整积分（记入积分明细，余额不能低于 0）',
    async run(ctx, args) {
      const usage = COMMANDS['points:adjust']!.usage;
      const phone = requirePhone(args[0], usage);
      const deltaText = args[1] ?? '';
      if (!/^[+-]?\d{1,9}$/.test(deltaText) || Number(deltaText) === 0)
        throw badRequest(`积分增减量须为非 0 整数：「${deltaText}」。用法：${usage}`);
      const delta = Number(deltaText);
      if (Math.abs(delta) > MAX_POINTS_DELTA) throw badRequest(`单次调整不能超过 ${MAX_POINTS_DELTA} 积分`);
      const remark = args.slice(2).join(' ').trim();
      if (!remark) throw badRequest(`请填写备注（说明调整原因）。用法：${usage}`);
      if (remark.length > MAX_REMARK) throw badRequest(`备注过长：最多 ${MAX_REMARK} 字`);
      const { before, after } = await adjustPoints(ctx, CLI_ACTOR, phone, delta, remark);
      return `用户 ${phone} 积分 ${delta > 0 ? '+' : ''}${delta}：${before} -> ${after}（备注：${remark}）`;
    },
  },

  'member:set': {
    usage: 'member:set <手机号> <等级 1|3|5|7> <到期时间 YYYY-MM-DD HH:mm:ss>',
    summary: '设置会员等级与到期时间（业务时区）；等级 1 为普通会员，无需到期时间',
    async run(ctx, args) {
      const usage = COMMANDS['member:set']!.usage;
      const phone = requirePhone(args[0], usage);
      const level = Number(args[1]);
      if (!/^\d$/.test(args[1] ?? '') || !isMemberLevel(level))
        throw badRequest(`会员等级须为 1、3、5、7 之一：「${args[1] ?? ''}」。用法：${usage}`);
      const deadlineText = args.slice(2).join(' ').trim();
      let deadline: Date | null = null;
      if (level > 1) {
        if (!deadlineText) throw badRequest(`请填写到期时间。用法：${usage}`);
        deadline = parseLocal(deadlineText, ctx.config.timeZone);
        if (deadline <= ctx.clock.now()) throw badRequest(`到期时间 ${deadlineText} 已过，请填写将来的时间（结束会员请设为等级 1）`);
      } else if (deadlineText) {
        throw badRequest('普通会员（等级 1）不需要到期时间');
      }
      const now = ctx.clock.now();
      const { before: user } = await setMember(ctx, CLI_ACTOR, phone, level, deadline);
      const before = await memberBenefit(ctx.db, user, now);
      const beforeText = `${before.levelDesc}${before.deadline ? `，到期 ${formatLocal(before.deadline, ctx.config.timeZone)}` : ''}`;
      const afterText = `${levelName(level)}${deadline ? `，到期 ${formatLocal(deadline, ctx.config.timeZone)}` : ''}`;
      return `用户 ${phone} 会员：${beforeText} -> ${afterText}`;
    },
  },

  'operator:set': {
    usage: 'operator:set <昵称> <头像地址> <微信二维码地址> <备注>',
    summary: '修改默认专属运营（访客和未分配运营的用户看到的联系人）',
    async run(ctx, args) {
      const usage = COMMANDS['operator:set']!.usage;
      const [nickname = '', avatar = '', wechatQr = ''] = args;
      const remark = args.slice(3).join(' ').trim();
      if (!nickname.trim() || nickname.length > 20) throw badRequest(`昵称须为 1 到 20 个字。用法：${usage}`);
      for (const [label, url] of [
        ['头像地址', avatar],
        ['微信二维码地址', wechatQr],
      ] as const) {
        if (!IMAGE_URL.test(url) || url.length > 500) throw badRequest(`${label}须以 / 或 http(s):// 开头：「${url}」。用法：${usage}`);
      }
      if (remark.length > MAX_REMARK) throw badRequest(`备注过长：最多 ${MAX_REMARK} 字`);
      const values = { nickname: nickname.trim(), avatar, wechatQr, remark };
      const current = await setDefaultContact(ctx, CLI_ACTOR, values);
      if (!current) return `已创建默认运营：${values.nickname}（头像 ${avatar}，二维码 ${wechatQr}，备注「${remark}」）`;
      const changes = (Object.keys(values) as Array<keyof typeof values>)
        .filter((k) => current[k] !== values[k])
        .map((k) => `${k}：「${current[k]}」 -> 「${values[k]}」`);
      return changes.length ? `已修改默认运营（#${current.id}）：${changes.join('；')}` : `默认运营（#${current.id}）没有变化`;
    },
  },

  'user:show': {
    usage: 'user:show <手机号>',
    summary: '查看用户：会员、积分（与积分明细核对）、邀请关系、运营、锁定状态',
    async run(ctx, args) {
      const phone = requirePhone(args[0], COMMANDS['user:show']!.usage);
      const { db, config } = ctx;
      const now = ctx.clock.now();
      const user = await findUser(db, phone);
      const member = await memberBenefit(db, user, now);
      const ledger = await ledgerSum(db, user.id);
      const invites = await inviteSummary(db, user);
      const operator = user.operatorId !== null ? await operatorFor(db, user.operatorId) : null;
      const sessions = await sessionSummary(db, user.id, now);
      const fmt = (d: Date | null) => formatLocal(d, config.timeZone);
      const locked = user.lockedUntil && user.lockedUntil > now ? `锁定至 ${fmt(user.lockedUntil)}` : '未锁定';
      return [
        `用户 #${user.id} ${user.phone}`,
        `  会员：${member.levelDesc}（折扣 ${member.discountPercent}%）${member.deadline ? `，到期 ${fmt(member.deadline)}` : ''}${user.memberLevel !== member.level ? `（原${levelName(user.memberLevel)}已于 ${fmt(user.memberDeadline)} 到期）` : ''}`,
        `  积分：${user.integral}（积分明细合计 ${ledger}${ledger === user.integral ? '，一致' : '，不一致！'}）`,
        `  邀请码：${user.inviteCode}；邀请人：${invites.inviterPhone ?? '无'}；已邀请 ${invites.invited} 人`,
        `  专属运营：${operator?.nickname ?? '默认运营'}；头像：${user.avatar ?? '默认'}`,
        `  登录：${locked}，连续密码错误 ${user.loginFailures} 次；有效会话 ${sessions.live} 个；最近登录 ${fmt(sessions.lastLoginAt)}`,
        `  注册时间：${fmt(user.createdAt)}`,
      ].join('\n');
    },
  },

  'user:delete': {
    usage: 'user:delete <手机号> [备注]',
    summary:
      '应用户本人经客服提出的请求注销账号：停止计划（按规则退款）、剩余积分作废、会员终止、会话与设备记录删除、手机号可重新注册；订单与积分明细保留但不再关联手机号',
    async run(ctx, args) {
      const phone = requirePhone(args[0], COMMANDS['user:delete']!.usage);
      const remark = args.slice(1).join(' ').trim();
      if (remark.length > MAX_REMARK) throw badRequest(`备注过长：最多 ${MAX_REMARK} 字`);
      // Its cancelled online orders are closed at their gateways; a gateway that fails is reported here.
      const unclosed: string[] = [];
      const warn = { warn: (details: { orderNo?: string }) => void unclosed.push(details.orderNo ?? '') };
      const closed = await deleteUser(ctx, CLI_ACTOR, phone, remark, createPaymentGateways(ctx.config).forPayType, warn);
      const cancelled = closed.ordersCancelled.length ? `，取消待支付订单 ${closed.ordersCancelled.join('、')}` : '';
      const open = unclosed.length ? `；未能在支付平台关闭 ${unclosed.join('、')}（之后到账将记为待退款）` : '';
      return `已注销用户 #${closed.userId}（原手机号 ${phone}）：停止计划 ${closed.plansStopped} 个（退回 ${closed.refunded} 积分），作废积分 ${closed.forfeited}${cancelled}${open}`;
    },
  },

  'collect:set': {
    usage: 'collect:set <alipay|wxpay|bank|payee> <收款码图片地址 或 银行账户信息 或 收款人 | ->',
    summary: '设置默认运营的收款信息：支付宝收款码、微信收款码、银行账户或收款人（- 清除）；未设置的转账方式不向用户提供',
    async run(ctx, args) {
      const usage = COMMANDS['collect:set']!.usage;
      const fields = {
        alipay: ['alipayCollectQr', '支付宝收款码'],
        wxpay: ['wxpayCollectQr', '微信收款码'],
        bank: ['bankAccount', '银行账户'],
        payee: ['collectPayee', '收款人'],
      } as const;
      const kind = args[0] ?? '';
      if (!Object.hasOwn(fields, kind)) throw badRequest(`收款方式须为 alipay、wxpay、bank 或 payee：「${kind}」。用法：${usage}`);
      const [field, label] = fields[kind as keyof typeof fields];
      const text = args.slice(1).join(' ').trim();
      if (!text) throw badRequest(`请填写${label}（清除请写 -）。用法：${usage}`);
      const value = text === '-' ? '' : text;
      if (value && (kind === 'alipay' || kind === 'wxpay') && (!IMAGE_URL.test(value) || value.length > 500))
        throw badRequest(`${label}图片地址须以 / 或 http(s):// 开头：「${value}」`);
      if (value.length > MAX_REMARK) throw badRequest(`${label}过长：最多 ${MAX_REMARK} 字`);
      const replaced = await setDefaultCollect(ctx, CLI_ACTOR, field, value);
      const shown = (v: string) => (v ? `「${v}」` : '（未设置）');
      const withdrawn = value || kind === 'payee' ? '' : '，该转账方式不再提供';
      return `默认运营（#${replaced.id}）${label}：${shown(replaced.before)} -> ${shown(value)}${withdrawn}`;
    },
  },

  'order:confirm': {
    usage: 'order:confirm <订单号>',
    summary: '确认转账/联系客服订单已收款（到账积分或开通会员，只会执行一次）',
    run: (ctx, args) => confirmOrderCommand(ctx, args[0], (orderNo) => confirmOrder(ctx, CLI_ACTOR, orderNo, '', { allowOnline: true })),
  },

  'admin:grant': {
    usage: 'admin:grant <手机号> <operator|admin>',
    summary: '授予运营后台角色：operator 处理订单和用户，admin 另可管理商品、价格、客服、收款账户、公告和角色',
    async run(ctx, args) {
      const usage = COMMANDS['admin:grant']!.usage;
      const phone = requirePhone(args[0], usage);
      const role = args[1];
      if (role !== 'operator' && role !== 'admin') throw badRequest(`角色须为 operator 或 admin：「${role ?? ''}」。用法：${usage}`);
      const { before } = await changeRole(ctx, CLI_ACTOR, phone, role);
      return `用户 ${phone} 角色：${before ?? '无'} -> ${role}`;
    },
  },

  'admin:create': {
    usage: 'admin:create <手机号>',
    summary:
      '为尚未注册的手机号创建账号并授予 admin 角色（第一个管理员，生产环境没有管理员时拒绝启动）：账号没有任何人知道的密码，本人在应用中点「忘记密码」，用发到该手机的验证码设置密码后登录',
    async run(ctx, args) {
      const usage = COMMANDS['admin:create']!.usage;
      const phone = requirePhone(args[0], usage);
      if (await findUserByPhone(ctx.db, phone))
        throw conflict(`手机号 ${phone} 已注册，未做任何改动：授予角色请用 admin:grant ${phone} admin`);
      await createAccountWithoutPassword(ctx.db, phone, ctx.clock.now());
      await changeRole(ctx, CLI_ACTOR, phone, 'admin');
      return `已创建账号 ${phone} 并授予 admin 角色。请本人在应用中点「忘记密码」，用发到该手机的短信验证码设置密码，登录后打开 /admin`;
    },
  },

  verify: {
    usage: 'verify',
    summary:
      '核对资金：积分余额等于积分明细合计且不为负，已支付积分订单恰好入账一次、未支付的不入账，计划扣费一次且退还不超过未花费部分，会员与已支付会员订单或后台设置一致（有不一致时退出码为 1）',
    async run(ctx) {
      const { count, shown } = await verifySummary(ctx.db);
      if (count > 0) throw conflict(verifyReport(shown, count));
      return verifyReport(shown, count);
    },
  },

  reconcile: {
    usage: 'reconcile <YYYY-MM-DD>',
    summary:
      '对账：下载当日（北京时间）支付宝、微信支付账单并与订单核对；平台已收款而本地未入账的订单入账一次（记审计），缺失或金额不符的列出（有差异或账单无法获取时退出码为 1）',
    async run(ctx, args) {
      const { reports, failed } = await reconcileDay(ctx, createPaymentGateways(ctx.config).forPayType, args[0], {
        onCredited: auditReconciledPayment(ctx.clock),
      });
      const lines = reports.map((r) =>
        [
          `${r.gateway} ${r.day}：账单 ${r.billPayments} 笔，补入账 ${r.credited.length} 笔${r.credited.length ? `（${r.credited.join('、')}）` : ''}，差异 ${r.differences.length} 处`,
          ...r.differences.map(
            (d) =>
              `  ${DIFFERENCE_LABELS[d.kind]}：${d.orderNo ? `订单 ${d.orderNo}，本地 ${d.ours ?? '--'} 分，平台 ${d.theirs ?? '--'} 分` : ''}${d.note ? `${d.orderNo ? '，' : ''}${d.note}` : ''}`,
          ),
        ].join('\n'),
      );
      lines.push(...failed.map((f) => `${f.gateway}：账单获取失败（${f.reason}）`));
      if (reports.length === 0 && failed.length === 0) lines.push('没有配置支付宝或微信支付，无需对账');
      const output = lines.join('\n');
      if (failed.length > 0 || reports.some((r) => r.differences.length > 0)) throw conflict(output);
      return output;
    },
  },

  'admin:revoke': {
    usage: 'admin:revoke <手机号>',
    summary: '收回运营后台角色',
    async run(ctx, args) {
      const phone = requirePhone(args[0], COMMANDS['admin:revoke']!.usage);
      const { before } = await changeRole(ctx, CLI_ACTOR, phone, null);
      return before ? `用户 ${phone} 角色：${before} -> 无` : `用户 ${phone} 原本没有后台角色，未做任何改动`;
    },
  },
};

export function helpText(): string {
  const entries = [...Object.values(COMMANDS), ...Object.values(DATABASE_COMMANDS), { usage: PREFLIGHT_USAGE, summary: PREFLIGHT_SUMMARY }];
  return ['用法：npm run ops -- <命令> [参数]', '', ...entries.map((c) => `  ${c.usage}\n      ${c.summary}`)].join('\n');
}

export type { CommandOutcome };

/** Runs one command line (without the program name): 0 and what changed, or 1 and why not. */
export async function runCommand(ctx: OpsContext, argv: string[]): Promise<CommandOutcome> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') return { code: name ? 0 : 1, output: helpText() };
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) return { code: 1, output: `未知命令：${name}\n\n${helpText()}` };
  return outcomeOf(() => command.run(ctx, args));
}

/** A database-wide command (backup, restore), or undefined for any other name. */
export function databaseCommand(name: string | undefined): DatabaseCommand | undefined {
  return name && Object.hasOwn(DATABASE_COMMANDS, name) ? DATABASE_COMMANDS[name] : undefined;
}

/** Exit code 0 and the command's line, or 1 and the refusal of an AppError (anything else is thrown). */
export async function outcomeOf(run: () => Promise<string>): Promise<CommandOutcome> {
  try {
    return { code: 0, output: await run() };
  } catch (err) {
    if (err instanceof AppError) return { code: 1, output: `错误：${err.message}` };
    throw err;
  }
}
