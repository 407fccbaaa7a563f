import type { SubjectCode } from '@leerzicht/contract';
import type { SchoolDefinition } from './schools';

/** The simulated school history the row generators read (not stored as such). */
export interface SimPupil {
  id: number;
  schoolId: number;
  firstName: string;
  lastNamePrefix: string;
  lastName: string;
  /** Persistent latent ability per subject (standard normal around the school mean). */
  ability: Record<SubjectCode, number>;
  /** Drift of the latent ability per school year. */
  slope: number;
  excluded: boolean;
  /** Set for pupils who joined during a school year; no results before it. */
  joinDate: string | null;
  /** Set for pupils who left; no results after it. */
  leaveDate: string | null;
  enrolments: SimEnrolment[];
}

export interface SimEnrolment {
  group: SimGroup;
  grade: number;
}

export interface SimGroup {
  id: number;
  schoolId: number;
  year: number;
  name: string;
  /** Highest grade in the group. */
  grade: number;
  members: { pupil: SimPupil; grade: number }[];
}

export interface SimSchool {
  def: SchoolDefinition;
  pupils: SimPupil[];
  groups: SimGroup[];
}

/** The latent ability of a pupil for a subject in a grade (before per-test noise). */
export function latentAbility(pupil: SimPupil, subject: SubjectCode, grade: number): number {
  return pupil.ability[subject] + pupil.slope * (grade - 5);
}

/** Whether the pupil attended school on a date ('YYYY-MM-DD'). */
export function presentOn(pupil: SimPupil, date: string): boolean {
  if (pupil.joinDate && date < pupil.joinDate) return false;
  if (pupil.leaveDate && date > pupil.leaveDate) return false;
  return true;
}
