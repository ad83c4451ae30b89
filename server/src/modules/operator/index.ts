/** The operator module: owns the operators table (contacts and collect accounts). */
export { operatorRoutes } from './routes.ts';
export {
  collectAccountFor,
  createOperator,
  defaultOperator,
  findOperator,
  listOperators,
  operatorFor,
  operatorIds,
  saveDefaultOperator,
  seedDefaultOperator,
  updateOperator,
  type OperatorFields,
  type OperatorRow,
} from './operators.ts';
