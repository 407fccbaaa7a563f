import { boolean, integer, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A school (tenant). Every school-owned table points here with `school_id ... on delete cascade`. */
export const schools = pgTable('schools', {
  id: serial('id').primaryKey(),
  brinCode: text('brin_code').notNull().unique(),
  name: text('name').notNull(),
  startYear: integer('start_year').notNull(),
  payingStatus: boolean('paying_status').notNull().default(false),
  isConnectionActive: boolean('is_connection_active').notNull().default(true),
  /** The CBS schoolweging (20-40) entered by a superuser; sets the inspectorate's 1S/2F signaleringswaarde. */
  schoolweging: real('schoolweging'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
