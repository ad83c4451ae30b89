/** Input of the console endpoints: each problem answers a complete Chinese sentence (400). */
import { z } from 'zod';
import { msg, pagingShape, phoneSchema } from '../../http/validate.ts';
import { FLOW_TYPES, MEMBER_LEVELS, ORDER_STATUSES, PAY_TYPE_CODES } from '../../../../common/domain.ts';
import { isCalendarDate } from '../../../../common/zoned-time.ts';
import { ANNOUNCEMENT_TYPES } from '../announcement/index.ts';
import { ORDER_NO_PATTERN } from '../order/index.ts';

const INT4_MAX = 2147483647;
export const MAX_REMARK = 200;
export const MAX_POINTS_DELTA = 100_000_000;

const text = (label: string, max: number, min = 1) =>
  z
    .string(msg(`请填写${label}`))
    .trim()
    .min(min, msg(`请填写${label}`))
    .max(max, msg(`${label}最多 ${max} 个字`));
const count = (label: string, min: number, max: number) =>
  z
    .number(msg(`${label}须为整数`))
    .int(msg(`${label}须为整数`))
    .min(min, msg(`${label}须在 ${min} 到 ${max} 之间`))
    .max(max, msg(`${label}须在 ${min} 到 ${max} 之间`));
const flag = (label: string) => z.boolean(msg(`${label}须为 true 或 false`));
const id = (label: string) =>
  z.coerce
    .number(msg(`${label}不正确`))
    .int(msg(`${label}不正确`))
    .min(1, msg(`${label}不正确`))
    .max(INT4_MAX, msg(`${label}不正确`));
/** A picture the app can show: an uploaded file, a path of the app, or an http(s) address. */
const imageUrl = (label: string, optional = false) =>
  z
    .string(msg(`请上传${label}`))
    .max(500, msg(`${label}地址过长`))
    .regex(
      optional ? /^(|\/\S*|https?:\/\/\S+)$/ : /^(\/\S*|https?:\/\/\S+)$/,
      msg(`${label}须为上传的图片或以 / 或 http(s):// 开头的地址`),
    );
const day = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, msg(`${label}格式应为 YYYY-MM-DD`))
    .refine(isCalendarDate, msg(`${label}不是有效日期`))
    .optional();
const instant = (label: string) =>
  z.iso
    .datetime({ offset: true, error: msg(`${label}须为 ISO 8601 时间，如 2026-01-01T00:00:00+08:00`).error })
    .transform((v) => new Date(v));

export const remarkBody = z.strictObject({
  remark: z
    .string(msg('备注须为文字'))
    .trim()
    .max(MAX_REMARK, msg(`备注最多 ${MAX_REMARK} 个字`))
    .default(''),
});
export const orderParams = z.strictObject({ orderNo: z.string().regex(ORDER_NO_PATTERN, msg('订单号只能包含字母和数字，最多 40 位')) });
export const phoneParams = z.strictObject({ phone: phoneSchema });
export const idParams = z.strictObject({ id: id('编号') });

export const dayRangeShape = { from: day('开始日期'), to: day('结束日期') };

export const ordersQuery = z.strictObject({
  status: z.enum(ORDER_STATUSES, msg('订单状态不正确')).optional(),
  payType: z.coerce
    .number(msg('支付方式不正确'))
    .refine((v) => (PAY_TYPE_CODES as number[]).includes(v), msg('支付方式不正确'))
    .transform((v) => v as (typeof PAY_TYPE_CODES)[number])
    .optional(),
  phone: z
    .string()
    .regex(/^\d{1,11}$/, msg('手机号只能是数字'))
    .optional(),
  orderNo: z.string().regex(ORDER_NO_PATTERN, msg('订单号只能包含字母和数字，最多 40 位')).optional(),
  /** The gateway's trade number (支付宝交易号 / 微信支付订单号), matched whole. */
  tradeNo: z
    .string()
    .regex(/^[A-Za-z0-9]{1,64}$/, msg('交易号只能包含字母和数字，最多 64 位'))
    .optional(),
  ...dayRangeShape,
  ...pagingShape,
});

export const usersQuery = z.strictObject({
  phone: z
    .string()
    .regex(/^\d{0,11}$/, msg('手机号只能是数字'))
    .optional(),
  ...pagingShape,
});

export const pointsBody = z.strictObject({
  delta: count('积分增减量', -MAX_POINTS_DELTA, MAX_POINTS_DELTA).refine((v) => v !== 0, msg('积分增减量不能为 0')),
  remark: text('备注', MAX_REMARK),
});

export const memberBody = z
  .strictObject({
    level: z
      .number(msg('会员等级须为 1、3、5、7 之一'))
      .refine((v) => (MEMBER_LEVELS as readonly number[]).includes(v), msg('会员等级须为 1、3、5、7 之一')),
    deadline: instant('到期时间').nullable().optional(),
  })
  .refine((v) => v.level === 1 || v.deadline, msg('请填写会员到期时间'));

export const roleBody = z.strictObject({ role: z.enum(['operator', 'admin'], msg('角色须为 operator 或 admin')).nullable() });
export const contactAssignBody = z.strictObject({ operatorId: id('客服').nullable() });

const goodsShape = {
  type: z.enum(['integral', 'member'], msg('商品类型须为 integral 或 member')),
  name: text('商品名称', 40),
  price: count('价格（分）', 1, 100_000_000),
  points: count('积分数量', 1, 100_000_000).nullable(),
  level: z.union([z.literal(3), z.literal(5), z.literal(7)], msg('会员等级须为 3、5、7 之一')).nullable(),
  days: count('会员天数', 1, 3650).nullable(),
  onSale: flag('上架'),
  sort: count('排序', 0, 100000),
};
export const goodsCreateBody = z.strictObject({
  ...goodsShape,
  points: goodsShape.points.default(null),
  level: goodsShape.level.default(null),
  days: goodsShape.days.default(null),
  onSale: goodsShape.onSale.default(true),
  sort: goodsShape.sort.default(0),
});
export const goodsUpdateBody = z.strictObject(goodsShape).partial();

export const serviceCreateBody = z.strictObject({
  flowType: z.enum(FLOW_TYPES, msg('平台类型不正确，应为 tb、jd 或 pdd')),
  name: text('服务名称', 40),
  integral: count('积分', 0, 1_000_000),
  sort: count('排序', 0, 100000).default(0),
  enabled: flag('启用').default(true),
});
export const serviceUpdateBody = serviceCreateBody.omit({ flowType: true }).partial();
export const conditionCreateBody = z.strictObject({
  configId: id('基础服务'),
  label: text('条件名称', 40),
  sort: count('排序', 0, 100000).default(0),
});
export const conditionUpdateBody = conditionCreateBody.omit({ configId: true }).partial();
export const optionCreateBody = z.strictObject({
  conditionId: id('深度条件'),
  label: text('选项名称', 40),
  integral: count('积分', 0, 1_000_000),
  sort: count('排序', 0, 100000).default(0),
});
export const optionUpdateBody = optionCreateBody.omit({ conditionId: true }).partial();

const contactShape = {
  nickname: text('昵称', 20),
  avatar: imageUrl('头像'),
  wechatQr: imageUrl('微信二维码'),
  remark: text('说明', MAX_REMARK, 0).default(''),
  wechatId: z
    .string(msg('微信号格式不正确'))
    .trim()
    .regex(/^([a-zA-Z][-_a-zA-Z0-9]{5,19})?$/, msg('微信号应为 6 到 20 位，以字母开头，可含字母、数字、- 和 _'))
    .default(''),
  phone: z
    .string(msg('联系电话格式不正确'))
    .trim()
    .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|400-?\d{3}-?\d{4})?$/, msg('联系电话应为手机号、带区号的座机或 400 电话'))
    .default(''),
  enabled: flag('启用').default(true),
};
export const contactCreateBody = z.strictObject(contactShape);
export const contactUpdateBody = z.strictObject(contactShape).partial();
export const collectBody = z
  .strictObject({
    alipayCollectQr: imageUrl('支付宝收款码', true),
    wxpayCollectQr: imageUrl('微信收款码', true),
    bankAccount: text('银行账户', 200, 0),
    collectPayee: text('收款人', 50, 0),
  })
  .partial();

export const announcementCreateBody = z.strictObject({
  type: z.enum(ANNOUNCEMENT_TYPES, msg('公告类型不正确（仅支持 top）')).default('top'),
  content: text('公告内容', 500),
  enabled: flag('启用').default(true),
  startsAt: instant('开始时间').nullable().default(null),
  endsAt: instant('结束时间').nullable().default(null),
});
export const announcementUpdateBody = z
  .strictObject({
    content: text('公告内容', 500),
    enabled: flag('启用'),
    startsAt: instant('开始时间').nullable(),
    endsAt: instant('结束时间').nullable(),
  })
  .partial();

export const auditQuery = z.strictObject({
  actor: z.string().max(20, msg('操作人最多 20 个字')).optional(),
  action: z.string().max(40, msg('操作类型最多 40 个字')).optional(),
  target: z.string().max(80, msg('对象最多 80 个字')).optional(),
  ...dayRangeShape,
  ...pagingShape,
});

export const statsQuery = z.strictObject(dayRangeShape);
