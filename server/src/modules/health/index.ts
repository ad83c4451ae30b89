/** The health module: liveness of the process and the database (no tables). */
export { healthRoutes } from './routes.ts';
