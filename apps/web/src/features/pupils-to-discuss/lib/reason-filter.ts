import type { DiscussReason, DiscussReasonCode, PupilToDiscuss } from '@leerzicht/contract';

export interface ReasonFilter {
  /** null: every signal. */
  code: DiscussReasonCode | null;
  /** null: every subject. */
  subjectId: number | null;
}

const matches = (reason: DiscussReason, filter: ReasonFilter) =>
  (filter.code === null || reason.code === filter.code) &&
  (filter.subjectId === null || reason.subjectId === filter.subjectId);

/** The pupils with a reason that passes the filter, each with only those reasons. */
export function filterPupils(pupils: readonly PupilToDiscuss[], filter: ReasonFilter): PupilToDiscuss[] {
  return pupils.flatMap((pupil) => {
    const reasons = pupil.reasons.filter((reason) => matches(reason, filter));
    return reasons.length === 0 ? [] : [{ ...pupil, reasons }];
  });
}

/** The subjects that occur in the reasons, for the subject filter. */
export function subjectIdsOf(pupils: readonly PupilToDiscuss[]): number[] {
  return [...new Set(pupils.flatMap((pupil) => pupil.reasons.map((reason) => reason.subjectId)))];
}
