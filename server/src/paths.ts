/**
 * Folders the server reads at run time. This file sits one level below server/, like the built
 * bundles in server/dist/, so the same expression finds them whether the server runs from its
 * TypeScript sources (tests, `npm run dev`) or from the build (`npm start`, the image).
 */
import path from 'node:path';

export const serverDir = path.resolve(import.meta.dirname, '..');
/** Versioned SQL migrations (drizzle-kit output). */
export const migrationsFolder = path.join(serverDir, 'drizzle');
/** The built web app (`vite build` at the repository root). */
export const webDistDir = path.resolve(serverDir, '../dist');
