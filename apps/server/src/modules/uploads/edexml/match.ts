import { replacesEckId, type EckIdConflicts } from './eck-id-conflicts';
import type { StoredGroup, StoredPupil, updatePupil } from './repository';
import type { BrokenGroups, GroupRow } from './group-rows';
import type { Mention, PupilRow } from './pupil-rows';
import type { RowErrors } from './values';

/*
 * Matching an EDEXML file's rows to the stored ones: groups on their key within the school year, pupils on their
 * key or ECK-iD (never on names). Conflicts become row errors and the rows are left out; a known key with another
 * ECK-iD than the stored one is listed for the user to confirm (eck-id-conflicts.ts).
 */

export interface GroupChange {
  row: GroupRow;
  stored: StoredGroup | null;
  values: { name?: string; grade?: number };
}

/** Matches the file's groups to the year's stored groups by key; a name held by a group outside the file is an error. */
export function matchGroups(
  groups: Map<string, GroupRow>,
  stored: StoredGroup[],
  broken: BrokenGroups,
  errors: RowErrors,
) {
  const byKey = new Map<string, StoredGroup[]>();
  for (const group of stored)
    if (group.externalKey !== null)
      byKey.set(group.externalKey, [...(byKey.get(group.externalKey) ?? []), group]);
  const matched = new Map<string, StoredGroup | null>();
  for (const row of groups.values()) {
    const candidates = byKey.get(row.key) ?? [];
    if (candidates.length > 1) {
      errors.add(
        row.line,
        'key',
        'ambiguous_group_key',
        `More than one group of this school year has key "${row.key}".`,
        {
          key: row.key,
        },
      );
      groups.delete(row.key);
      broken.set(row.key, row.line);
      continue;
    }
    matched.set(row.key, candidates[0] ?? null);
  }
  const keptIds = new Set([...matched.values()].flatMap((group) => (group ? [group.id] : [])));
  const heldNames = new Set(
    stored.filter((group) => !keptIds.has(group.id)).map((group) => group.name.toLowerCase()),
  );
  for (const row of [...groups.values()]) {
    if (!heldNames.has(row.name.toLowerCase())) continue;
    errors.add(
      row.line,
      'naam',
      'group_name_in_use',
      `Another group of this school year (not in the file) is already called "${row.name}".`,
      { name: row.name },
    );
    groups.delete(row.key);
    broken.set(row.key, row.line);
    matched.delete(row.key);
  }
  return matched;
}

export interface PupilMatch {
  row: PupilRow;
  stored: StoredPupil | null;
}

/**
 * Matches pupils on key and ECK-iD: a row whose key and ECK-iD name two different pupils is an error; a key whose
 * pupil has another ECK-iD than the row's is a conflict (listed, replaced only when confirmed).
 */
export function matchPupils(
  rows: PupilRow[],
  mentions: Mention[],
  stored: StoredPupil[],
  errors: RowErrors,
  conflicts: EckIdConflicts,
) {
  const byKey = new Map<string, StoredPupil[]>();
  const byEck = new Map<string, StoredPupil>();
  for (const pupil of stored) {
    if (pupil.externalKey !== null)
      byKey.set(pupil.externalKey, [...(byKey.get(pupil.externalKey) ?? []), pupil]);
    if (pupil.eckId !== null) byEck.set(pupil.eckId, pupil);
  }
  const mentioned = new Set<number>();
  for (const mention of mentions) {
    for (const pupil of mention.key === null ? [] : (byKey.get(mention.key) ?? [])) mentioned.add(pupil.id);
    const byEckId = mention.eckId === null ? undefined : byEck.get(mention.eckId);
    if (byEckId) mentioned.add(byEckId.id);
  }
  const claimed = new Map<number, number>();
  const matches: PupilMatch[] = [];
  for (const row of rows) {
    const byKeyed = byKey.get(row.key) ?? [];
    if (byKeyed.length > 1) {
      errors.add(
        row.line,
        'key',
        'ambiguous_pupil_key',
        `More than one pupil of the school has key "${row.key}".`,
        {
          key: row.key,
        },
      );
      continue;
    }
    const keyed = byKeyed[0];
    const eck = row.eckId === null ? undefined : byEck.get(row.eckId);
    if (keyed && eck && keyed.id !== eck.id) {
      if (row.eckId !== null) conflicts.heldByOther(row, keyed, row.eckId);
      errors.add(
        row.line,
        'eckid',
        'key_eckid_conflict',
        `Key "${row.key}" and this row's ECK-iD belong to two different pupils of the school.`,
        { key: row.key },
      );
      continue;
    }
    const stored = keyed ?? eck ?? null;
    if (stored) {
      const firstLine = claimed.get(stored.id);
      if (firstLine !== undefined) {
        errors.add(
          row.line,
          'key',
          'duplicate_pupil',
          `This pupil is already on line ${firstLine} (same key or ECK-iD).`,
          {
            firstLine,
          },
        );
        continue;
      }
      claimed.set(stored.id, row.line);
      if (replacesEckId(row.eckId, stored)) conflicts.changed(row, stored, row.eckId);
    }
    matches.push({ row, stored });
  }
  return { matches, mentioned };
}

/**
 * The stored pupil's fields the row would change. A stored ECK-iD is replaced only when the user confirmed it for
 * this pupil (`replaceEckId`); the row's other changes apply either way, since the key says who the pupil is. What
 * the file leaves out (birth date, gender, vestiging) stays as stored; the vestiging is compared by its key here and
 * written by the plan once new vestigingen have their ids.
 */
export function pupilChanges(
  row: PupilRow,
  stored: StoredPupil,
  replaceEckId: boolean,
  storedLocationKey: string | null,
) {
  const values: Parameters<typeof updatePupil>[3] = {};
  if (stored.externalKey !== row.key) values.externalKey = row.key;
  if (row.eckId !== null && stored.eckId !== row.eckId && (stored.eckId === null || replaceEckId))
    values.eckId = row.eckId;
  if (stored.firstName !== row.firstName) values.firstName = row.firstName;
  if (stored.lastNamePrefix !== row.lastNamePrefix) values.lastNamePrefix = row.lastNamePrefix;
  if (stored.lastName !== row.lastName) values.lastName = row.lastName;
  if (stored.initials !== row.initials) values.initials = row.initials;
  if (row.dateOfBirth !== undefined && stored.dateOfBirth !== row.dateOfBirth)
    values.dateOfBirth = row.dateOfBirth;
  if (row.gender !== undefined && stored.gender !== row.gender) values.gender = row.gender;
  if (stored.dateLeft !== null) values.dateLeft = null;
  const moves = row.locationKey !== undefined && row.locationKey !== storedLocationKey;
  return { values, location: moves ? row.locationKey : undefined };
}
