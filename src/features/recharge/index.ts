/** Public face of the recharge feature: the latest-orders widget (composed into /user/center by src/app/). */
export { default as LatestOrders } from './components/LatestOrders';
