/** The template module: owns the templates table (saved plan forms). */
export { templateRoutes } from './routes.ts';
export { allTemplatesOf, removeTemplatesOf } from './templates.ts';
