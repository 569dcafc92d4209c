import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Photo files kept in the database (issue 29.3), so every host on one PostgreSQL serves the same photos: a source
 * (`source/{name}.{ext}`) or a size made from it (`{w}x{h}/{name}.{format}`), each written once.
 */
export const photoFiles = pgTable('photo_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  body: bytea('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
