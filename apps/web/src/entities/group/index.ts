export { useYearClassResultQuery, yearClassResultQueryOptions } from './year-class-result-query';
