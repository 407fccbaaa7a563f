import {
  boolean,
  doublePrecision,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

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
  /** The CBS schoolweging (20-40) a superuser entered from the inspectorate's letter. */
  schoolweging: real('schoolweging'),
  /** The 1S/2F signaleringswaarde a superuser entered from the inspectorate's letter (never derived). */
  signalTarget: doublePrecision('signal_target'),
  /** When a superuser last entered those values: the more recent of them and an import counts. */
  inspectionValuesEnteredAt: timestamp('inspection_values_entered_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
