export { useYearClassResultQuery, yearClassResultQueryOptions } from './year-class-result-query';
export { useCreateGroupNote } from './group-notes-api';
