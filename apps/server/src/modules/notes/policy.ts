import { canReadPupil, type SchoolAccess } from '../../platform/access/index';

/*
 * Pupil notes. Superusers and sencos read every pupil's notes of the school, a teacher those of pupils ever in one
 * of their permitted groups (others 404). A confidential note is read only by its author, sencos and superusers;
 * users marked restricted read results but no notes (403).
 */

export const mayUseNotes = (user: { isRestricted: boolean }): boolean => !user.isRestricted;

export const canReadPupilNotes = (access: SchoolAccess, pupilGroupIds: readonly number[]): boolean =>
  canReadPupil(access, pupilGroupIds);

/** Whether the reader sees a note: everyone who reads the pupil, except confidential notes of others for teachers. */
export const canSeeNote = (
  access: SchoolAccess,
  note: { confidential: boolean; authorId: number | null },
): boolean => !note.confidential || access.readsWholeSchool || note.authorId === access.userId;

/** Change, archive or delete: the author, sencos and superusers (a colleague's note: 403). */
export const canEditNote = (access: SchoolAccess, note: { authorId: number | null }): boolean =>
  access.readsWholeSchool || note.authorId === access.userId;
