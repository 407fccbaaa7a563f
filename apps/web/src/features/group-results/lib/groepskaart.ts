import {
  ALPHABETICAL_LEVELS,
  compareByPosition,
  compareNames,
  ROMAN_LEVELS,
  type Approach,
  type MomentLike,
  type Subject,
  type YearClassPupilResult,
  type YearClassResult,
} from '@leerzicht/contract';
import { groupPupilRow, latestMoment, subjectMoments } from './group-results';

/*
 * The groepskaart: the group's pupils by level per subject in one view. Columns are the subjects, rows the five
 * levels (I..V, or A..E for results on the older LOVS scale; both count from the highest 20 or 25% down), each cell
 * the pupils at that level at the subject's latest moment, with their instruction group when one is set.
 */

/** Row 0 is level I (or A), row 4 level V (or E). */
export const LEVEL_ROWS = [0, 1, 2, 3, 4] as const;
export type LevelRow = (typeof LEVEL_ROWS)[number];

export interface GroepskaartPupil {
  pupil: YearClassPupilResult;
  /** 'I'..'V' or 'A'..'E' as the result says. */
  level: string;
  /** The instruction group of the subject in the school year of the shown approaches; null when not set. */
  approach: Exclude<Approach, 'undefined'> | null;
}

export interface GroepskaartColumn {
  subject: Subject;
  /** The latest moment with results of the subject; null when none. */
  moment: MomentLike | null;
  /** Per level row the pupils at that level, by name (particle rule). */
  levels: GroepskaartPupil[][];
  /** Pupils of the group without a level at that moment (no result, or no level on the result). */
  withoutLevel: YearClassPupilResult[];
}

export interface Groepskaart {
  columns: GroepskaartColumn[];
  /** Which scales the shown results use, so the row labels say "I", "A" or "I / A". */
  scales: { roman: boolean; alphabetical: boolean };
}

function levelRow(level: string): LevelRow | null {
  const roman = ROMAN_LEVELS.findIndex((value) => value === level);
  const index = roman >= 0 ? roman : ALPHABETICAL_LEVELS.findIndex((value) => value === level);
  return LEVEL_ROWS.find((row) => row === index) ?? null;
}

function approachOf(result: YearClassResult, pupil: YearClassPupilResult, subjectId: number) {
  const found = pupil.approaches.find(
    (item) => item.subjectId === subjectId && item.calendarYear === result.approachesInfo.expectedYear,
  );
  return found && found.approach !== 'undefined' ? found.approach : null;
}

/** The groepskaart of a group: one column per subject (preschool subjects left out), in subject order. */
export function buildGroepskaart(result: YearClassResult): Groepskaart {
  const scales = { roman: false, alphabetical: false };
  const pupils = [...result.pupils].sort(compareNames);
  const columns = [...result.subjects]
    .filter((subject) => !subject.isPreschool)
    .sort(compareByPosition)
    .map((subject): GroepskaartColumn => {
      const moment = latestMoment(subjectMoments(result, subject.id));
      const levels: GroepskaartPupil[][] = LEVEL_ROWS.map(() => []);
      const withoutLevel: YearClassPupilResult[] = [];
      for (const pupil of pupils) {
        const score = moment ? groupPupilRow(pupil, subject.id, moment).score : null;
        const level = score?.roman ?? score?.alphabetical ?? null;
        const row = level === null ? null : levelRow(level);
        if (level === null || row === null) {
          withoutLevel.push(pupil);
          continue;
        }
        if (score?.roman) scales.roman = true;
        else scales.alphabetical = true;
        levels[row]?.push({ pupil, level, approach: approachOf(result, pupil, subject.id) });
      }
      return { subject, moment, levels, withoutLevel };
    });
  return { columns, scales };
}

/** The label of a level row: "I", "A" or "I / A" when both scales are shown. */
export function levelRowLabel(row: LevelRow, scales: Groepskaart['scales']): string {
  const labels = [
    ...(scales.roman || !scales.alphabetical ? [ROMAN_LEVELS[row]] : []),
    ...(scales.alphabetical ? [ALPHABETICAL_LEVELS[row]] : []),
  ];
  return labels.join(' / ');
}
