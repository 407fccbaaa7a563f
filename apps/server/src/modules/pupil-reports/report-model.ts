import {
  ALPHABETICAL_LEVELS,
  compareByPosition,
  compareMoments,
  ROMAN_LEVELS,
  type NationalScore,
  type ReportTrend,
  type Subject,
  type YearTime,
} from '@leerzicht/contract';

/*
 * What the pupil report shows, worked out from the pupil's national results (pure; report-pdf.ts draws it).
 * Per subject the latest counted result of the reported school year or before that has a level, and the trend: its
 * level against the level of the counted result before it (levels compare across tests and providers, as they are
 * the pupil's place among children of the same age, unlike ability scores).
 */

export interface ReportSubject {
  subjectId: number;
  subjectNameNl: string;
  subjectNameEn: string;
  calendarYear: number;
  yearTime: YearTime;
  grade: number;
  /** 'I'..'V' or 'A'..'E' as the result says. */
  level: string;
  /** 0 for I (or A), the highest, to 4 for V (or E). */
  rank: number;
  trend: ReportTrend;
}

function rankOf(score: NationalScore): number | null {
  if (score.roman) return ROMAN_LEVELS.indexOf(score.roman);
  if (score.alphabetical) return ALPHABETICAL_LEVELS.indexOf(score.alphabetical);
  return null;
}

/** The report's rows: one per subject with a result (preschool subjects left out), in subject order. */
export function reportSubjects(
  subjects: readonly Subject[],
  scores: readonly NationalScore[],
  calendarYear: number,
): ReportSubject[] {
  return [...subjects]
    .filter((subject) => !subject.isPreschool)
    .sort(compareByPosition)
    .flatMap((subject) => {
      const series = scores
        .filter(
          (score) =>
            score.subjectId === subject.id &&
            score.isCounted &&
            score.calendarYear <= calendarYear &&
            rankOf(score) !== null,
        )
        .sort(compareMoments);
      const latest = series.at(-1);
      if (!latest) return [];
      const rank = rankOf(latest) ?? 0;
      const before = series.at(-2);
      const previous = before ? rankOf(before) : null;
      const trend: ReportTrend =
        previous === null ? 'first' : rank < previous ? 'up' : rank > previous ? 'down' : 'steady';
      return [
        {
          subjectId: subject.id,
          subjectNameNl: subject.nameNl,
          subjectNameEn: subject.nameEn,
          calendarYear: latest.calendarYear,
          yearTime: latest.yearTime,
          grade: latest.grade,
          level: latest.roman ?? latest.alphabetical ?? '',
          rank,
          trend,
        },
      ];
    });
}
