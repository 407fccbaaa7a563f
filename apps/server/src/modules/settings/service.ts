import {
  AGGREGATION_TYPES,
  DEFAULT_USER_SETTINGS,
  type UserSettings,
  type UserSettingsInput,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import type { ActiveSession } from '../../platform/sessions';
import { isReadOnlySession } from '../../platform/routing/index';
import { findSettings, upsertSettings, type SettingsChanges } from './repository';

type SettingsRow = NonNullable<Awaited<ReturnType<typeof findSettings>>>;

function toSettings(row: SettingsRow): UserSettings {
  return {
    showNationalAverage: row.showNationalAverage,
    showBarAverage: row.showBarAverage,
    aggregationType: AGGREGATION_TYPES.includes(row.aggregationType) ? row.aggregationType : 'year',
    preferredTestsView: row.preferredTestsView,
    verdictMeasure: row.verdictMeasure,
  };
}

function changesOf(input: UserSettingsInput): SettingsChanges {
  const changes: SettingsChanges = {};
  if (input.showNationalAverage !== undefined) changes.showNationalAverage = input.showNationalAverage;
  if (input.showBarAverage !== undefined) changes.showBarAverage = input.showBarAverage;
  if (input.aggregationType !== undefined) changes.aggregationType = input.aggregationType;
  if (input.preferredTestsView !== undefined) changes.preferredTestsView = input.preferredTestsView;
  if (input.verdictMeasure !== undefined) changes.verdictMeasure = input.verdictMeasure;
  return changes;
}

/** The user's settings; the defaults row is created on first read (read-only sessions only see the defaults). */
export async function getSettings(ctx: AppContext, session: ActiveSession): Promise<UserSettings> {
  const row = await findSettings(ctx.db, session.userId);
  if (row) return toSettings(row);
  if (isReadOnlySession(session)) return { ...DEFAULT_USER_SETTINGS };
  return toSettings(await upsertSettings(ctx.db, session.userId, {}));
}

/** Create and update both store the given fields (defaults for the rest of a new row) and answer the whole. */
export async function saveSettings(
  ctx: AppContext,
  session: ActiveSession,
  input: UserSettingsInput,
): Promise<UserSettings> {
  return toSettings(await upsertSettings(ctx.db, session.userId, changesOf(input)));
}
