import { nationalTestExclusionReasonSchema, type PupilDetail } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { noteReaderOf } from '../../platform/access/index';
import {
  listApproaches,
  listMethodScores,
  listNationalScores,
  listScoreNotes,
  listSubjects,
  normsOfPupils,
} from '../scores/index';
import type { AllowedPupilDetail } from './access';
import { findOutflowAdvice, findPin, listEnrolments } from './repository';

/** A stored exclusion reason, or null when it is none the contract knows. */
function exclusionReasonOf(reason: string | null) {
  const parsed = nationalTestExclusionReasonSchema.safeParse(reason);
  return parsed.success ? parsed.data : null;
}

/**
 * The pupil's results across all school years and providers (no time window: the page applies them), method
 * results, notes, approaches, outflow advice and enrolments. Teachers: pupils of their permitted groups only.
 */
export async function getPupilDetail(
  ctx: AppContext,
  { access, pupil }: AllowedPupilDetail,
): Promise<PupilDetail> {
  const { schoolId } = access;
  const reader = noteReaderOf(access);
  const { db } = ctx;
  const ids = [pupil.id];
  const [enrolments, subjects, national, methodScores, scoreNotes, approaches, outflowAdvice, pin, norms] =
    await Promise.all([
      listEnrolments(db, schoolId, pupil.id),
      listSubjects(db),
      listNationalScores(db, schoolId, ids),
      listMethodScores(db, schoolId, ids),
      listScoreNotes(db, schoolId, ids, reader),
      listApproaches(db, schoolId, ids),
      findOutflowAdvice(db, schoolId, pupil.id),
      findPin(db, access.userId, pupil.id),
      normsOfPupils(db, schoolId, ids),
    ]);
  return {
    id: pupil.id,
    schoolId,
    firstName: pupil.firstName,
    lastNamePrefix: pupil.lastNamePrefix,
    lastName: pupil.lastName,
    dateOfBirth: pupil.dateOfBirth,
    citoIsExcluded: pupil.citoIsExcluded,
    citoExclusionReason: pupil.citoIsExcluded ? exclusionReasonOf(pupil.citoExclusionReason) : null,
    citoExclusionReasonText: pupil.citoIsExcluded ? pupil.citoExclusionReasonText : null,
    showOutflowProfile: pupil.showOutflowProfile,
    isPinned: pin !== null,
    pinId: pin?.id ?? null,
    current: enrolments.at(-1) ?? null,
    enrolments,
    subjects: [...subjects],
    scores: national.scores,
    methodScores,
    scoreNotes,
    approaches: approaches.map(({ pupilId: _pupilId, ...approach }) => approach),
    outflowAdvice,
    norms,
  };
}
