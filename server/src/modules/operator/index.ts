/** The operator module: owns the operators table (contacts and collect accounts). */
export { operatorRoutes } from './routes.ts';
export {
  collectAccountFor,
  collectDetailFor,
  defaultOperator,
  operatorFor,
  operatorIds,
  PLACEHOLDER_COLLECT_DETAILS,
  removePlaceholderCollectDetails,
  saveDefaultOperator,
  seedDefaultOperator,
  setDefaultCollectDetail,
  type CollectAccount,
  type OperatorRow,
} from './operators.ts';
