import type { EdexmlSkipReason } from '@leerzicht/contract';
import type { RawGroup, RawLocation, RawPupil } from './parse';
import { parseJaargroep, type RowErrors, type RowNotes, type SkippedRows } from './values';

/*
 * The vestigingen and groups of an EDEXML file, without the database (docs/uploads/edexml.md): rows with an error are
 * left out (and so are the rows that refer to them); groups the standard allows but the app does not keep (outside
 * primary education, samengestelde groepen) are skipped with their reason; groups that share a name get one of their
 * own. Everything the schema allows is read without an error.
 */

export interface LocationRow {
  line: number;
  key: string;
  name: string;
}

/** The file's vestigingen by key. */
export function validateLocations(raw: RawLocation[], errors: RowErrors): Map<string, LocationRow> {
  const locations = new Map<string, LocationRow>();
  for (const row of raw) {
    if (row.key === null) errors.add(row.line, 'key', 'missing_key', 'The vestiging has no key.');
    else if (locations.has(row.key))
      errors.add(row.line, 'key', 'duplicate_location_key', `Vestiging key "${row.key}" is used twice.`, {
        key: row.key,
        firstLine: locations.get(row.key)?.line ?? 0,
      });
    else if (row.naam === null)
      errors.add(row.line, 'naam', 'missing_field', 'The vestiging has no naam.', { element: 'naam' });
    else locations.set(row.key, { line: row.line, key: row.key, name: row.naam });
  }
  return locations;
}

export interface GroupRow {
  line: number;
  key: string;
  /** The name the app stores: the file's, or with its vestiging or key added when another group has it too. */
  name: string;
  /** The group's grade; for C and S groups settled from their pupils (settleGroupGrades). */
  grade: number | null;
  special: 'C' | 'S' | null;
  /** The vestiging of the group's pupils when they are all at one; undefined when the file says none. */
  locationKey: string | undefined;
}

/** Groups left out (with an error; the line): pupils and teachers that refer to them are left out too. */
export type BrokenGroups = Map<string, number>;

/** Groups skipped (no error): pupils of them are skipped too, and teachers just do not get them. */
export type SkippedGroups = Map<string, { name: string; reason: EdexmlSkipReason }>;

/** The vestigingen of each group's pupils (from the pupils' own rows: groups name none). */
function groupLocations(pupils: RawPupil[]): Map<string, Set<string>> {
  const byGroup = new Map<string, Set<string>>();
  for (const pupil of pupils) {
    if (!pupil.groepKey || !pupil.vestigingKey) continue;
    const set = byGroup.get(pupil.groepKey) ?? new Set<string>();
    set.add(pupil.vestigingKey);
    byGroup.set(pupil.groepKey, set);
  }
  return byGroup;
}

export function validateGroups(
  raw: RawGroup[],
  pupils: RawPupil[],
  locations: Map<string, LocationRow>,
  { errors, skipped, notes }: { errors: RowErrors; skipped: SkippedRows; notes: RowNotes },
) {
  const groups = new Map<string, GroupRow>();
  const skippedGroups: SkippedGroups = new Map();
  const broken: BrokenGroups = new Map();
  const seenKeys = new Map<string, number>();
  const placesOf = groupLocations(pupils);
  for (const row of raw) {
    const problems = errors.count;
    if (row.key === null) errors.add(row.line, 'key', 'missing_key', 'The group has no key.');
    else if (seenKeys.has(row.key))
      errors.add(
        row.line,
        'key',
        'duplicate_group_key',
        `Group key "${row.key}" is used twice (first on line ${seenKeys.get(row.key)}).`,
        { key: row.key, firstLine: seenKeys.get(row.key) ?? 0 },
      );
    if (row.naam === null)
      errors.add(row.line, 'naam', 'missing_field', 'The group has no naam.', { element: 'naam' });
    const jaargroep = row.composed || row.jaargroep === null ? null : parseJaargroep(row.jaargroep);
    if (!row.composed && row.jaargroep === null)
      errors.add(row.line, 'jaargroep', 'missing_field', 'The group has no jaargroep.', {
        element: 'jaargroep',
      });
    else if (!row.composed && jaargroep === null)
      errors.add(
        row.line,
        'jaargroep',
        'invalid_jaargroep',
        `jaargroep "${row.jaargroep}" is not an EDEXML jaargroep.`,
        { value: row.jaargroep ?? '' },
      );
    if (row.key !== null && !seenKeys.has(row.key)) seenKeys.set(row.key, row.line);
    if (errors.count > problems || row.key === null || row.naam === null) {
      if (row.key !== null && !groups.has(row.key) && !skippedGroups.has(row.key))
        broken.set(row.key, row.line);
      continue;
    }
    const reason: EdexmlSkipReason | null = row.composed
      ? 'composed_group'
      : jaargroep !== null && 'outside' in jaargroep
        ? jaargroep.outside
        : null;
    if (reason !== null || jaargroep === null) {
      const why = reason ?? 'composed_group';
      skippedGroups.set(row.key, { name: row.naam, reason: why });
      skipped.add({ line: row.line, kind: 'group', key: row.key, name: row.naam, reason: why });
      continue;
    }
    const places = [...(placesOf.get(row.key) ?? [])].filter((key) => locations.has(key));
    if (places.length > 1)
      notes.add({
        line: row.line,
        kind: 'group',
        key: row.key,
        name: row.naam,
        code: 'mixed_locations',
        values: { locations: places.map((key) => locations.get(key)?.name ?? key).join(', ') },
      });
    groups.set(row.key, {
      line: row.line,
      key: row.key,
      name: row.naam,
      grade: 'grade' in jaargroep ? jaargroep.grade : null,
      special: 'special' in jaargroep ? jaargroep.special : null,
      locationKey: places.length === 1 ? places[0] : undefined,
    });
  }
  nameApart(groups, locations, notes);
  return { groups, skippedGroups, broken };
}

/**
 * Group names are unique per school year in the app, but not in EDEXML: two vestigingen may both have a "Groep 3".
 * Groups that share a name get their vestiging's name added when that tells them apart, else their key, and the
 * preview says so (never two groups merged into one).
 */
function nameApart(groups: Map<string, GroupRow>, locations: Map<string, LocationRow>, notes: RowNotes) {
  const byName = new Map<string, GroupRow[]>();
  for (const group of groups.values()) {
    const name = group.name.toLowerCase();
    byName.set(name, [...(byName.get(name) ?? []), group]);
  }
  const taken = new Set(byName.keys());
  for (const same of byName.values()) {
    if (same.length < 2) continue;
    const places = same.map((group) =>
      group.locationKey === undefined ? undefined : locations.get(group.locationKey)?.name,
    );
    const byPlace = places.every((place) => place !== undefined) && new Set(places).size === same.length;
    same.forEach((group, index) => {
      const from = group.name;
      let to = `${from} (${byPlace ? places[index] : group.key})`;
      if (taken.has(to.toLowerCase())) to = `${from} (${group.key})`;
      taken.add(to.toLowerCase());
      group.name = to;
      notes.add({
        line: group.line,
        kind: 'group',
        key: group.key,
        name: from,
        code: 'renamed_group',
        values: { from, to },
      });
    });
  }
}

/**
 * C and S groups take the highest grade of their pupils (as the app's groups do: `grade` is the main grade). Such a
 * group without any pupil with a grade cannot be stored: skipped (`no_pupils`) when the file has no such pupil for
 * it, an error when its pupils were all left out for errors of their own.
 */
export function settleGroupGrades(
  groups: Map<string, GroupRow>,
  placed: { groupKey: string; grade: number }[],
  groupsOfErrorRows: ReadonlySet<string>,
  broken: BrokenGroups,
  skippedGroups: SkippedGroups,
  { errors, skipped }: { errors: RowErrors; skipped: SkippedRows },
): void {
  const highest = new Map<string, number>();
  for (const pupil of placed)
    highest.set(pupil.groupKey, Math.max(highest.get(pupil.groupKey) ?? 0, pupil.grade));
  for (const group of [...groups.values()]) {
    if (group.special === null) continue;
    const grade = highest.get(group.key);
    if (grade !== undefined) {
      group.grade = grade;
      continue;
    }
    groups.delete(group.key);
    if (groupsOfErrorRows.has(group.key)) {
      errors.add(
        group.line,
        'jaargroep',
        'group_without_grade',
        `Group "${group.key}" (${group.special}) has no pupils with a jaargroep, so its grade is unknown.`,
        { key: group.key, code: group.special },
      );
      broken.set(group.key, group.line);
    } else {
      skippedGroups.set(group.key, { name: group.name, reason: 'no_pupils' });
      skipped.add({
        line: group.line,
        kind: 'group',
        key: group.key,
        name: group.name,
        reason: 'no_pupils',
        values: { code: group.special },
      });
    }
  }
}
