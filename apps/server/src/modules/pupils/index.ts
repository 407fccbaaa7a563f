/* The pupils module's public face: other modules import only from here. */
export { pupilRoutes } from './routes';
// Enrolment (year_class_pupils) belongs to this module: the one join of pupils and their groups, by school.
export {
  enrolledPupils,
  enrolments,
  groupPupils,
  type EnrolmentScope,
  type GroupScope,
  type PupilScope,
  type YearScope,
} from './enrolment-repository';
