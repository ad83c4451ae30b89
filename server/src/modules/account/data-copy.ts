/**
 * 下载我的数据: a copy of everything the service holds about the signed-in account, made on
 * request as one JSON document that reads like the app: Chinese keys (locales/zh-cn/privacy.json,
 * dataCopy), a guide at the top, times in the business time zone as the app shows them
 * (`YYYY-MM-DD HH:mm:ss`, Beijing time by default), amounts in yuan, names instead of codes. Sections:
 * the profile, the sign-ins on record (address and device), orders, the points ledger, plans (item
 * links and keywords included) and templates. Only the caller's own rows: every query is by the
 * caller's id. Written as it is read: the long lists come in batches (a seller's 60 000 ledger rows
 * never sit in memory at once), each batch turned into text and sent on.
 */
import copyText from '../../../../locales/zh-cn/privacy.json' with { type: 'json' };
import userText from '../../../../locales/zh-cn/user.json' with { type: 'json' };
import type { AppContext } from '../../http/context.ts';
import type { LedgerRow, OrderRow, PlanRow, TemplateRow } from '../../../../common/api-types.ts';
import { PLATFORM_LABELS, type FlowType } from '../../../../common/domain.ts';
import { formatLocalDateTime } from '../../../../common/zoned-time.ts';
import type { UserRow } from '../user/index.ts';
import { ordersOf } from '../order/index.ts';
import { plansOf } from '../plan/index.ts';
import { ledgerOf } from '../points/index.ts';
import { signInsOf } from '../session/index.ts';
import { allTemplatesOf } from '../template/index.ts';
import { getUserData, inviteSummary } from '../user/index.ts';

const text = copyText.dataCopy;
const devices = userText.devices as { browser: Record<string, string>; os: Record<string, string> };

type Row = Record<string, unknown>;

function formatters(timeZone: string) {
  const time = (iso: string | null | undefined) => (iso ? formatLocalDateTime(new Date(iso), timeZone) : text.none);
  const yuan = (fen: number) => (fen / 100).toFixed(2);
  const percent = (fraction: number) => (fraction >= 1 ? text.none : `${Math.round(fraction * 1000) / 10}%`);
  const platform = (flowType: string) => PLATFORM_LABELS[flowType as FlowType] ?? flowType;
  return {
    time,
    percent,
    order: (o: OrderRow): Row => {
      const k = text.order;
      return {
        [k.orderNo]: o.orderNo,
        [k.goods]: o.goodsName,
        [k.status]: o.statusText,
        [k.amount]: yuan(o.amount),
        [k.payType]: o.payTypeText,
        [k.createdAt]: time(o.createdAt),
        [k.paidAt]: time(o.paidAt),
      };
    },
    ledger: (l: LedgerRow): Row => {
      const k = text.ledger;
      return {
        [k.id]: l.id,
        [k.kind]: l.kindText,
        [k.delta]: l.delta,
        [k.balanceAfter]: l.balanceAfter,
        [k.remark]: l.remark,
        [k.createdAt]: time(l.createdAt),
      };
    },
    plan: (p: PlanRow & { deleted: boolean }): Row => {
      const k = text.plan;
      return {
        [k.id]: p.id,
        [k.platform]: platform(p.flowType),
        [k.title]: p.title,
        [k.itemId]: p.itemId,
        [k.itemUrl]: p.itemUrl,
        [k.shopName]: p.shopName ?? text.none,
        [k.keywords]: p.keywords,
        [k.service]: p.configName,
        [k.options]: p.options.map((o) => `${o.conditionLabel}：${o.optionLabel}`),
        [k.dailyCount]: p.dailyCount,
        [k.days]: p.days,
        [k.startDate]: p.startDate,
        [k.distribution]: p.distribution,
        [k.unitCost]: p.unitCost,
        [k.discount]: percent(p.discount),
        [k.totalCount]: p.totalCount,
        [k.dispatched]: p.dispatched,
        [k.totalCost]: p.totalCost,
        [k.refunded]: p.refunded,
        [k.status]: p.statusText,
        [k.createdAt]: time(p.createdAt),
        [k.endAt]: time(p.endAt),
        [k.stoppedAt]: time(p.stoppedAt),
        [k.deleted]: p.deleted ? text.yes : text.no,
      };
    },
    template: (t: TemplateRow): Row => {
      const k = text.template;
      return {
        [k.id]: t.id,
        [k.name]: t.name,
        [k.platform]: platform(t.form.flowType),
        [k.title]: t.form.title,
        [k.itemUrl]: t.form.itemUrl,
        [k.keywords]: t.form.keywords,
        [k.dailyCount]: t.form.dailyCount,
        [k.days]: t.form.days,
        [k.distribution]: t.form.distribution,
        [k.createdAt]: time(t.createdAt),
        [k.updatedAt]: time(t.updatedAt),
      };
    },
  };
}

/** `value` as JSON indented `depth` levels deep (the copy is laid out for reading). */
const json = (value: unknown, depth: number) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${'  '.repeat(depth)}`);

/** The copy as text pieces, in order: the caller writes each to the response as it comes. */
export async function* accountDataCopy(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, user: UserRow): AsyncGenerator<string> {
  const { db, config } = ctx;
  const now = ctx.clock.now();
  const zone = config.timeZone;
  const format = formatters(zone);
  const profile = await getUserData(db, user, now);
  const { invited } = await inviteSummary(db, user);
  const p = text.profile;
  const head = {
    说明: text.guide.replace('{{timeZone}}', zone),
    [text.exportedAt]: format.time(now.toISOString()),
    [text.timeZone]: zone,
    [text.sections.profile]: {
      [p.phone]: profile.phone,
      [p.memberLevel]: profile.memberLevelDesc,
      [p.memberDeadline]: format.time(profile.memberDeadline),
      [p.integral]: profile.integral,
      [p.discount]: format.percent(profile.discount),
      [p.avatar]: profile.avatar ?? text.none,
      [p.inviteCode]: profile.inviteCode,
      [p.registeredAt]: format.time(user.createdAt.toISOString()),
      [p.invited]: user.inviterId !== null ? text.yes : text.no,
      [p.invitedUsers]: invited,
      [p.privacyAgreedAt]: format.time(user.privacyAgreedAt?.toISOString()),
    },
    [text.sections.signIns]: (await signInsOf(db, user.id)).map((s) => {
      const k = text.signIn;
      return {
        [k.createdAt]: format.time(s.createdAt),
        [k.ip]: s.ip,
        [k.device]: `${devices.browser[s.browser] ?? s.browser}${s.browserVersion ? ` ${s.browserVersion}` : ''} · ${devices.os[s.os] ?? s.os}`,
        [k.userAgent]: s.userAgent,
        [k.lastSeenAt]: format.time(s.lastSeenAt),
        [k.endsAt]: format.time(s.endsAt),
      };
    }),
  };
  // The head without its closing brace; then each list as `"name": [rows...]`.
  yield json(head, 0).replace(/\n}$/, '');
  const lists: [string, AsyncIterable<Row[]>][] = [
    [text.sections.orders, mapBatches(ordersOf(db, user.id), format.order)],
    [text.sections.ledger, mapBatches(ledgerOf(db, user.id), format.ledger)],
    [text.sections.plans, mapBatches(plansOf(db, user.id, now, zone), format.plan)],
    [text.sections.templates, mapBatches(once(allTemplatesOf(db, user.id)), format.template)],
  ];
  for (const [name, batches] of lists) {
    yield `,\n  ${JSON.stringify(name)}: [`;
    let first = true;
    for await (const rows of batches) {
      if (rows.length === 0) continue;
      yield `${first ? '' : ','}\n    ${rows.map((row) => json(row, 2)).join(',\n    ')}`;
      first = false;
    }
    yield first ? ']' : '\n  ]';
  }
  yield '\n}\n';
}

async function* mapBatches<T>(batches: AsyncIterable<T[]>, map: (row: T) => Row): AsyncGenerator<Row[]> {
  for await (const rows of batches) yield rows.map(map);
}

async function* once<T>(rows: Promise<T[]>): AsyncGenerator<T[]> {
  yield await rows;
}
