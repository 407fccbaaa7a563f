export { schoolQueryOptions, useSchoolQuery } from './school-query';
export { schoolAbilitiesOf, useSchoolAbilities } from './school-abilities';
export { SchoolHeader } from './school-header';
