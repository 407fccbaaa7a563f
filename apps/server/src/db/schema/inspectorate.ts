import { check, doublePrecision, integer, jsonb, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { inList, schoolIdColumn, timestamptz } from './columns';
import { users } from './users';

/**
 * The inspectorate's published figures of a school location (open data `gemiddelde_referentieniveaus_per_school`,
 * sheet `Data`), one row per location of the file (`ovt` = BRIN|location) matched to the school by its BRIN. An
 * import replaces the rows of every school it matches. `years`: the edition's three school years
 * ([{ calendarYear, share1F, shareTarget, pupilCount }], parsed with the contract's schema on read).
 */
export const inspectorateFigures = pgTable(
  'inspectorate_figures',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    ovt: text('ovt').notNull(),
    locationCode: text('location_code').notNull(),
    years: jsonb('years').notNull(),
    schoolweging: doublePrecision('schoolweging'),
    schoolwegingCategory: text('schoolweging_category'),
    signal1F: doublePrecision('signal_1f'),
    signalTarget: doublePrecision('signal_target'),
    weighted1F: doublePrecision('weighted_1f'),
    weightedTarget: doublePrecision('weighted_target'),
    totalPupils: integer('total_pupils'),
    outcome1F: text('outcome_1f'),
    outcomeTarget: text('outcome_target'),
    importedAt: timestamptz('imported_at').notNull(),
    importedById: integer('imported_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('inspectorate_figures_school_location').on(t.schoolId, t.locationCode),
    check('inspectorate_figures_outcome_1f', inList(t.outcome1F, ['above', 'below'])),
    check('inspectorate_figures_outcome_target', inList(t.outcomeTarget, ['above', 'below'])),
  ],
);
