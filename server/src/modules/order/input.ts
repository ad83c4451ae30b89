/**
 * Input fields of the order endpoints. Each check answers its own complete Chinese sentence
 * (refine issues are shown as-is by parseInput, whatever the field is called).
 */
import { z } from 'zod';
import { isPayType, type PayType } from '../../../../common/domain.ts';
import { INT4_MAX, msg } from '../../http/validate.ts';
import { isCalendarDate } from '../../../../common/zoned-time.ts';

/** A field that passes `test` or answers exactly `message`. */
export const checkedField = <T>(test: (v: unknown) => v is T, message: string) =>
  z
    .unknown()
    .refine(test, msg(message))
    .transform((v) => v as T);

const dateField = (name: string) =>
  checkedField((v): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v), `${name}格式应为 YYYY-MM-DD`)
    .refine(isCalendarDate, msg(`${name}不是有效日期`))
    .optional();

/** startDate and endDate: inclusive calendar days of the business time zone. */
export const dateRangeShape = { startDate: dateField('开始日期'), endDate: dateField('结束日期') };

export const ORDER_NO_PATTERN = /^[0-9A-Za-z]{1,40}$/;
export const orderNoField = (required = '请输入订单号') =>
  checkedField((v): v is unknown => v !== undefined && v !== '', required).pipe(
    checkedField((v): v is string => typeof v === 'string' && ORDER_NO_PATTERN.test(v), '订单号只能包含字母和数字，最多 40 位'),
  );

export const goodsIdField = checkedField(
  (v): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) <= INT4_MAX,
  '请选择商品',
);
export const payTypeField = z
  .unknown()
  .refine((v) => v !== undefined, msg('请选择支付方式'))
  .refine(isPayType, msg('不支持的支付方式'))
  .transform((v) => v as PayType);
