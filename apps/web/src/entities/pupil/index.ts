export { pupilQueryOptions, usePupilQuery } from './pupil-query';
export { ApproachLog } from './approach-log';
export { PupilNotesPanel } from './notes/pupil-notes-panel';
