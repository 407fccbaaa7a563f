import { boolean, integer, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A school (tenant). Every school-owned table points here with `school_id ... on delete cascade`. */
export const schools = pgTable('schools', {
  id: serial('id').primaryKey(),
  brinCode: text('brin_code').notNull().unique(),
  name: text('name').notNull(),
  startYear: integer('start_year').notNull(),
  payingStatus: boolean('paying_status').notNull().default(false),
  isConnectionActive: boolean('is_connection_active').notNull().default(true),
  /** Who last switched the link to the school information system on or off, and when (no FK: schema order). */
  connectionChangedById: integer('connection_changed_by_id'),
  connectionChangedAt: timestamp('connection_changed_at', { withTimezone: true, mode: 'date' }),
  /** Pupils who left more than this many school years ago are listed for removal (privacy rule of thumb: 2). */
  retentionYears: integer('retention_years').notNull().default(2),
  /** When on, a scheduled job removes those pupils with all their data. */
  autoRemoveLeftPupils: boolean('auto_remove_left_pupils').notNull().default(false),
  /** The CBS schoolweging (20-40) entered by a superuser; sets the inspectorate's 1S/2F signaleringswaarde. */
  schoolweging: real('schoolweging'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
