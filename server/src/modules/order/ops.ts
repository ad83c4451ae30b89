/**
 * `order:confirm <orderNo>`: staff confirm a collect (transfer) or contact-staff order once the
 * money has arrived. Same payOrder as the sandbox and provider notifications, so it credits at
 * most once; confirming again reports that nothing changed.
 */
import { PAY_TYPES } from '../../../../common/domain.ts';
import type { OrderCtx } from './view.ts';
import { badRequest } from '../../http/errors.ts';
import { formatLocalDateTime } from '../../../../common/zoned-time.ts';
import { ORDER_NO_PATTERN } from './input.ts';
import { payOrder, type PayResult } from './settlement.ts';

export async function confirmOrderCommand(
  ctx: OrderCtx,
  orderNo: string | undefined,
  /** How the order is paid: payOrder itself, or the console's audited confirm around it. */
  confirm: (orderNo: string) => Promise<PayResult> = (no) => payOrder(ctx, no),
): Promise<string> {
  if (!orderNo || !ORDER_NO_PATTERN.test(orderNo)) throw badRequest('用法：order:confirm <订单号>（订单号只能包含字母和数字）');
  const { order, changed, integral } = await confirm(orderNo);
  const what = order.type === 'integral' ? `积分 +${order.goods.points}（余额 ${integral ?? '-'}）` : `会员 ${order.goodsName}`;
  const online = order.payType === PAY_TYPES.ALI_PAY || order.payType === PAY_TYPES.WX_PAY ? '（注意：这是在线支付订单）' : '';
  if (!changed) return `订单 ${order.orderNo} 已于 ${formatLocalDateTime(new Date(order.paidAt!), ctx.config.timeZone)} 支付，未做任何改动`;
  return `订单 ${order.orderNo} 已确认收款 ${(order.amount / 100).toFixed(2)} 元（${order.payTypeText}）${online}：${what}`;
}
