import type { ScoreNote, YearClassNote } from '@leerzicht/contract';
import type { scoreNotes, yearClassNotes } from '../../db/schema/index';

/* How a score note and a group note are shown, the same wherever they appear (results, pupil detail, notes calls). */

export function toScoreNote(row: typeof scoreNotes.$inferSelect): ScoreNote {
  return {
    id: row.id,
    pupilId: row.pupilId,
    citoTestScoreId: row.citoTestScoreId,
    methodTestScoreId: row.methodTestScoreId,
    category: row.category,
    content: row.content,
    forwardLooking: row.forwardLooking,
    confidential: row.confidential,
    authorId: row.authorId,
    dateCreated: row.dateCreated.toISOString(),
  };
}

export function toYearClassNote(row: typeof yearClassNotes.$inferSelect): YearClassNote {
  return {
    id: row.id,
    yearClassId: row.yearClassId,
    kind: row.kind,
    subjectId: row.subjectId,
    calendarYear: row.calendarYear,
    yearTime: row.yearTime,
    methodTestId: row.methodTestId,
    content: row.content,
    relatedPupilIds: row.relatedPupilIds,
    confidential: row.confidential,
    authorId: row.authorId,
    dateCreated: row.dateCreated.toISOString(),
  };
}
