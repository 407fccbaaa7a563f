export { pupilQueryOptions, usePupilQuery } from './pupil-query';
