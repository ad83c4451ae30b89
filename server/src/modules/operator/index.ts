/** The operator module: owns the operators table (contacts and collect accounts). */
export { operatorRoutes } from './routes.ts';
export { collectAccountFor, defaultOperator, operatorFor, operatorIds, saveDefaultOperator, seedDefaultOperator, type OperatorRow } from './operators.ts';
