import { SUBJECT_CODES, type SubjectCode } from '@leerzicht/contract';
import { BOY_NAMES, GIRL_NAMES, SURNAMES } from './names';
import { USER_IDS } from './accounts';
import { demoEckId } from './uploads';
import { isoDate, type Random } from './random';
import type { SchoolDefinition } from './schools';
import type { SimGroup, SimPupil, SimSchool } from './model';
import type { DemoData, Ids } from './types';

interface Extra {
  gender: 'male' | 'female';
  dateOfBirth: string;
  /** Stable order for dealing pupils over parallel groups. */
  track: number;
}

/**
 * Simulates a school's years: each year pupils move up one grade (grade 8 leaves, a rare pupil repeats a grade),
 * a new cohort enters the lowest grade, a few pupils join or leave during the year, and the pupils present are
 * dealt over the groups of that year.
 */
export function simulateSchool(
  def: SchoolDefinition,
  current: number,
  todayIso: string,
  rng: Random,
  ids: { pupils: Ids; groups: Ids },
) {
  const extras = new Map<number, Extra>();
  const pupils: SimPupil[] = [];
  const groups: SimGroup[] = [];
  const minGrade = def.grades[0] ?? 1;
  const maxGrade = def.grades[def.grades.length - 1] ?? 8;
  const firstYear = current - def.history;

  const newPupil = (grade: number, year: number, joinDate: string | null): SimPupil => {
    const female = rng.chance(0.5);
    const [prefix, lastName] = rng.pick(SURNAMES);
    const general = def.abilityMean + rng.normal();
    const ability = {} as Record<SubjectCode, number>;
    for (const subject of SUBJECT_CODES) ability[subject] = 0.75 * general + 0.66 * rng.normal();
    const pupil: SimPupil = {
      id: ids.pupils.take(),
      schoolId: def.id,
      firstName: rng.pick(female ? GIRL_NAMES : BOY_NAMES),
      lastNamePrefix: prefix,
      lastName,
      ability,
      slope: 0.08 * rng.normal(),
      excluded: rng.chance(0.02),
      joinDate,
      leaveDate: null,
      enrolments: [],
    };
    // Grade 1 at 4-5 years old: born October (entry - 5) .. September (entry - 4).
    const entry = year - (grade - 1);
    const monthIndex = rng.int(0, 11);
    const birthYear = monthIndex < 3 ? entry - 5 : entry - 4;
    const birthMonth = ((monthIndex + 9) % 12) + 1;
    extras.set(pupil.id, {
      gender: female ? 'female' : 'male',
      dateOfBirth: isoDate(birthYear, birthMonth, rng.int(1, 28)),
      track: rng.next(),
    });
    pupils.push(pupil);
    return pupil;
  };

  let active: { pupil: SimPupil; grade: number }[] = [];
  for (const grade of def.grades) {
    const size = def.cohortSize(firstYear - (grade - minGrade), current);
    for (let i = 0; i < size + rng.int(-2, 2); i++)
      active.push({ pupil: newPupil(grade, firstYear, null), grade });
  }

  for (let year = firstYear; year <= current; year++) {
    if (year > firstYear) {
      const size = def.cohortSize(year, current);
      for (let i = 0; i < size + rng.int(-2, 2); i++)
        active.push({ pupil: newPupil(minGrade, year, null), grade: minGrade });
    }
    // A few join during the year (October-April), a few leave during it (November-May).
    for (let i = rng.int(1, 3); i > 0 && def.history > 0; i--) {
      const grade = rng.pick(def.grades);
      const month = rng.pick([10, 11, 12, 2, 3, 4]);
      const joinDate = isoDate(month >= 8 ? year : year + 1, month, rng.int(1, 28));
      if (joinDate >= todayIso) continue;
      active.push({ pupil: newPupil(grade, year, joinDate), grade });
    }
    for (let i = rng.int(1, 2); i > 0 && def.history > 0; i--) {
      const leaver = rng.pick(active);
      if (leaver.pupil.joinDate || leaver.pupil.leaveDate) continue;
      const month = rng.pick([11, 12, 3, 4, 5]);
      const leaveDate = isoDate(month >= 8 ? year : year + 1, month, rng.int(1, 28));
      if (leaveDate < todayIso) leaver.pupil.leaveDate = leaveDate;
    }

    groups.push(...formGroups(def, year, active, extras, ids.groups));

    const next: { pupil: SimPupil; grade: number }[] = [];
    for (const entry of active) {
      if (entry.pupil.leaveDate) continue;
      if (entry.grade === maxGrade) {
        const leaveDate = isoDate(year + 1, 7, 10);
        if (leaveDate < todayIso) entry.pupil.leaveDate = leaveDate;
        continue;
      }
      const repeats = entry.grade >= 3 && entry.grade < maxGrade && rng.chance(0.005);
      next.push({ pupil: entry.pupil, grade: repeats ? entry.grade : entry.grade + 1 });
    }
    active = next;
  }
  const school: SimSchool = { def, pupils, groups };
  return { school, extras };
}

function formGroups(
  def: SchoolDefinition,
  year: number,
  active: { pupil: SimPupil; grade: number }[],
  extras: Map<number, Extra>,
  groupIds: Ids,
): SimGroup[] {
  const track = (pupil: SimPupil) => extras.get(pupil.id)?.track ?? 0;
  const result: SimGroup[] = [];
  const make = (name: string, members: { pupil: SimPupil; grade: number }[]) => {
    const group: SimGroup = {
      id: groupIds.take(),
      schoolId: def.id,
      year,
      name,
      grade: Math.max(...members.map((m) => m.grade)),
      members,
    };
    for (const member of members) member.pupil.enrolments.push({ group, grade: member.grade });
    result.push(group);
  };
  const byGrade = (grades: number[]) =>
    active
      .filter((entry) => grades.includes(entry.grade))
      .sort((a, b) => a.grade - b.grade || track(a.pupil) - track(b.pupil));

  const remaining = def.combinedPreschool ? def.grades.filter((g) => g > 2) : [...def.grades];
  if (def.combinedPreschool) {
    const kleuters = byGrade([1, 2]);
    const count = Math.max(1, Math.ceil(kleuters.length / 28));
    for (let g = 0; g < count; g++) {
      make(
        `Groep 1/2${String.fromCharCode(65 + g)}`,
        kleuters.filter((_, index) => index % count === g),
      );
    }
  }
  for (const grade of remaining) {
    const members = byGrade([grade]);
    if (members.length === 0) continue;
    if (members.length <= def.splitAbove) {
      make(`Groep ${grade}`, members);
    } else {
      const half = Math.ceil(members.length / 2);
      make(`Groep ${grade}A`, members.slice(0, half));
      make(`Groep ${grade}B`, members.slice(half));
    }
  }
  return result;
}

const EXCLUSION_REASONS = ['NEWCOMER', 'DEVELOPMENT_PERSPECTIVE', 'OTHER'] as const;

/** An excluded pupil's reason (by id, so the random stream stays as it was) and its change by the director. */
function exclusionOf(pupil: SimPupil, current: number) {
  if (!pupil.excluded) return {};
  const reason = EXCLUSION_REASONS[pupil.id % EXCLUSION_REASONS.length] ?? 'OTHER';
  return {
    citoExclusionReason: reason,
    citoExclusionReasonText: reason === 'OTHER' ? 'Langdurig ziek; toetsen is nu niet zinvol' : null,
    citoExclusionChangedById: USER_IDS.directeur,
    citoExclusionChangedAt: new Date(Date.UTC(current, 7, 1 + (pupil.id % 10), 9, 30)),
  };
}

export function pupilRows(
  sims: { school: SimSchool; extras: Map<number, Extra> }[],
  current: number,
): Pick<DemoData, 'pupils' | 'yearClasses' | 'yearClassPupils'> {
  const pupils: DemoData['pupils'] = [];
  const yearClasses: DemoData['yearClasses'] = [];
  const yearClassPupils: DemoData['yearClassPupils'] = [];
  let enrolmentId = 1;
  for (const { school, extras } of sims) {
    for (const group of school.groups) {
      yearClasses.push({
        id: group.id,
        schoolId: group.schoolId,
        name: group.name,
        calendarYear: group.year,
        grade: group.grade,
        externalKey: `${school.def.brinCode}-${group.year}-${group.name.replace('Groep ', '')}`,
      });
      for (const member of group.members) {
        yearClassPupils.push({
          id: enrolmentId++,
          schoolId: group.schoolId,
          yearClassId: group.id,
          pupilId: member.pupil.id,
          grade: member.grade,
        });
      }
    }
    for (const pupil of school.pupils) {
      const extra = extras.get(pupil.id);
      const last = pupil.enrolments[pupil.enrolments.length - 1];
      pupils.push({
        id: pupil.id,
        schoolId: pupil.schoolId,
        firstName: pupil.firstName,
        lastNamePrefix: pupil.lastNamePrefix,
        lastName: pupil.lastName,
        dateOfBirth: extra?.dateOfBirth ?? null,
        gender: extra?.gender ?? null,
        externalKey: `LL${String(pupil.id).padStart(6, '0')}`,
        eckId: demoEckId(pupil.id),
        citoIsExcluded: pupil.excluded,
        ...exclusionOf(pupil, current),
        // Show the outflow profile for the current grade-8 pupils.
        showOutflowProfile: last?.group.year === current && last.grade === 8,
        dateLeft: pupil.leaveDate,
      });
    }
  }
  return { pupils, yearClasses, yearClassPupils };
}
