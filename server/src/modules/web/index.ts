/** The web module: serves the built app and its SPA fallback (no tables). */
export { webRoutes } from './routes.ts';
