export { pupilQueryOptions, usePupilQuery } from './pupil-query';
export { ApproachLog } from './approach-log';
