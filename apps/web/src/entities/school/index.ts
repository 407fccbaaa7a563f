export { schoolQueryOptions, useSchoolQuery } from './school-query';
export {
  readsWholeSchool,
  schoolPermissionsOf,
  useSchoolPermissions,
  type SchoolPermissions,
} from './school-permissions';
export { SchoolHeader } from './school-header';
