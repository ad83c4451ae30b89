/** The operator module: owns the operators table (contacts and collect accounts). */
export { operatorRoutes } from './routes.ts';
export {
  cachedCollectAccountFor,
  collectAccountFor,
  collectDetailFor,
  createOperator,
  defaultOperator,
  findOperator,
  listOperators,
  operatorFor,
  operatorIds,
  PLACEHOLDER_COLLECT_DETAILS,
  removePlaceholderCollectDetails,
  saveDefaultOperator,
  seedDefaultOperator,
  setDefaultCollectDetail,
  updateOperator,
  type CollectAccount,
  type OperatorFields,
  type OperatorRow,
} from './operators.ts';
