import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module owns its tables (src/modules/<m>/tables.ts); the infrastructure ones are in src/db/tables.ts.
  schema: ['./src/db/tables.ts', './src/modules/*/tables.ts'],
  out: './drizzle',
});
