/**
 * What a package or an order is called on screen: points packages by their points through the one
 * points formatter ("3,200 积分"), whatever the operator named them; membership by its name.
 */
import type { Goods } from '@common/api-types';
import { formatPointsAmount } from '@/lib/format';

export function goodsLabel(goods: Pick<Goods, 'type' | 'name' | 'points'>): string {
  return goods.type === 'integral' && goods.points ? formatPointsAmount(goods.points) : goods.name;
}

export const orderGoodsLabel = (order: { goods: Goods; goodsName: string }) => goodsLabel({ ...order.goods, name: order.goodsName });
