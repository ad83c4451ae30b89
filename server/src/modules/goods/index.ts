/** The goods module: owns the goods table (points and membership packages on sale). */
export { goodsRoutes } from './routes.ts';
export { findGoodsOnSale, seedGoods } from './goods.ts';
export { createGoods, listAllGoods, updateGoods, type GoodsFields, type GoodsRecord } from './goods.ts';
