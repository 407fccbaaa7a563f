export {
  accessedSchoolIds,
  requireSchoolAccess,
  resolveSchoolAccess,
  type AccessSubject,
  type SchoolAccess,
} from './resolver';
export { allowOr403, allowOr404, canReadGroup, canReadPupil, isSuperuser } from './policy';
export { authorizeGroup, authorizePupil, authorizeSchool, authorizeUser } from './guards';
export { noteReaderOf, readableNotes, readerValues, type NoteReader } from './note-reader';
export { groupFor, pupilTenancyFor } from './lookups';
