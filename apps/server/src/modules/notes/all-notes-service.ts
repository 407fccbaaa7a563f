import { fullName, type AllNote, type AllNotesList, type allNotesQuerySchema } from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { allowOr404, type SchoolAccess } from '../../platform/access/index';
import type { ActiveSession } from '../../platform/sessions';
import { listAllNotes, type AllNoteRow } from './all-notes-repository';
import { canEditNote } from './policy';
import { authorizeGroupNotes } from './year-class-note-service';

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

/** The group's `school_id` must be the one asked for: a mismatch is a group the caller does not know (404). */
export async function authorizeAllNotes(
  ctx: AppContext,
  session: ActiveSession,
  query: { school_id: number; yearclass_id: number },
): Promise<SchoolAccess> {
  const access = await authorizeGroupNotes(ctx, session, query.yearclass_id);
  allowOr404(access.schoolId === query.school_id);
  return access;
}

export async function listGroupNotes(
  ctx: AppContext,
  session: ActiveSession,
  query: z.output<typeof allNotesQuerySchema>,
): Promise<AllNotesList> {
  const access = await authorizeAllNotes(ctx, session, query);
  const { count, rows } = await listAllNotes(
    ctx.db,
    {
      schoolId: access.schoolId,
      yearClassId: query.yearclass_id,
      category: query.category,
      subjectId: query.subject_id,
      pupilId: query.pupil_id,
      archived: query.archived,
      reader: { userId: session.userId, seesAllConfidential: access.readsWholeSchool },
    },
    { limit: query.limit, offset: query.offset },
  );
  return { count, results: rows.map((row) => toAllNote(row, access)) };
}
