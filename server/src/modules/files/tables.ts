/** Images uploaded in the console. */
import { customType, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/** Images uploaded in the console (collect and contact QR codes), served by GET /api/files/:id. */
export const uploadedFiles = pgTable('uploaded_files', {
  id: serial('id').primaryKey(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});
