import { fullName, type AllNote, type AllNotesList, type allNotesQuerySchema } from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { SchoolAccess } from '../../platform/access/index';
import { listAllNotes, type AllNoteRow } from './all-notes-repository';
import { canEditNote } from './policy';

type PupilRef = NonNullable<AllNoteRow['pupil']>;

const toPupil = (pupil: PupilRef) => ({
  id: pupil.id,
  name: fullName({
    firstName: pupil.first_name,
    lastNamePrefix: pupil.last_name_prefix,
    lastName: pupil.last_name,
  }),
});

function toAllNote(row: AllNoteRow, access: SchoolAccess): AllNote {
  return {
    kind: row.kind,
    id: row.id,
    category: row.category,
    content: row.content,
    forwardLooking: row.forward_looking,
    confidential: row.confidential,
    dateArchived: row.date_archived?.toISOString() ?? null,
    pupil: row.pupil === null ? null : toPupil(row.pupil),
    relatedPupils: row.related_pupils.map(toPupil),
    subjectId: row.subject_id,
    calendarYear: row.calendar_year,
    yearTime: row.year_time,
    testName: row.test_name,
    authorName:
      row.author_first_name === null
        ? ''
        : fullName({ firstName: row.author_first_name, lastName: row.author_last_name ?? '' }),
    dateCreated: row.date_created.toISOString(),
    dateChanged: row.date_changed.toISOString(),
    canEdit: canEditNote(access, { authorId: row.author_id }),
  };
}

/** The notes of the group the policy allowed (`access` is the group's school). */
export async function listGroupNotes(
  ctx: AppContext,
  access: SchoolAccess,
  query: z.output<typeof allNotesQuerySchema>,
): Promise<AllNotesList> {
  const { count, rows } = await listAllNotes(
    ctx.db,
    {
      schoolId: access.schoolId,
      yearClassId: query.yearclass_id,
      category: query.category,
      subjectId: query.subject_id,
      pupilId: query.pupil_id,
      archived: query.archived,
      reader: { userId: access.userId, seesAllConfidential: access.readsWholeSchool },
    },
    { limit: query.limit, offset: query.offset },
  );
  return { count, results: rows.map((row) => toAllNote(row, access)) };
}
