/*
 * Social-emotional observations: the aspects every school starts with and when an observation asks for attention.
 * The product stores observations and notes, not a proprietary instrument: the default aspects are general terms
 * an intern begeleider uses, and a school renames them or adds its own.
 */

/** The aspects a school starts with (created on the school's first read of its aspects). */
export const SOCIAL_EMOTIONAL_DEFAULT_ASPECTS = [
  'welbevinden',
  'betrokkenheid',
  'sociale_vaardigheden',
  'werkhouding',
  'zelfstandigheid',
] as const;
export type DefaultAspectCode = (typeof SOCIAL_EMOTIONAL_DEFAULT_ASPECTS)[number];

/**
 * The names stored with the default aspects, so that the rows read well outside the web app. The web shows its
 * own catalogue label for a coded aspect whose stored name is still this one.
 */
export const SOCIAL_EMOTIONAL_DEFAULT_NAMES: Record<DefaultAspectCode, string> = {
  welbevinden: 'Welbevinden',
  betrokkenheid: 'Betrokkenheid',
  sociale_vaardigheden: 'Sociale vaardigheden',
  werkhouding: 'Werkhouding',
  zelfstandigheid: 'Zelfstandigheid',
};

export function isDefaultAspectCode(code: string): code is DefaultAspectCode {
  return (SOCIAL_EMOTIONAL_DEFAULT_ASPECTS as readonly string[]).includes(code);
}

/** Ratings run from 1 (grave concern) to 5 (very good). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** Observations before this date are refused (typing errors such as 1025). */
export const OBSERVATION_EARLIEST_DATE = '2000-01-01';

/** An observation asks for attention when an aspect is rated at or below this value… */
export const ATTENTION_RATING = 2;
/** …or when its mean rating fell by at least this much since the pupil's previous observation. */
export const ATTENTION_MEAN_DROP = 1;
export const ATTENTION_REASONS = ['low_rating', 'mean_drop'] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/** The mean of an observation's ratings to two decimals; null without ratings. */
export function ratingMean(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return Math.round((sum / ratings.length) * 100) / 100;
}

/**
 * Why the latest observation asks for attention (empty: it does not). The drop of the mean is compared on whole
 * numbers (sums cross-multiplied by counts), so that 3.67 to 2.67 counts as a drop of one.
 */
export function attentionReasons(
  latest: readonly number[],
  previous: readonly number[] | null,
): AttentionReason[] {
  const reasons: AttentionReason[] = [];
  if (latest.some((rating) => rating <= ATTENTION_RATING)) reasons.push('low_rating');
  if (previous && previous.length > 0 && latest.length > 0) {
    const sum = (ratings: readonly number[]) => ratings.reduce((total, rating) => total + rating, 0);
    const drop = sum(previous) * latest.length - sum(latest) * previous.length;
    if (drop >= ATTENTION_MEAN_DROP * latest.length * previous.length) reasons.push('mean_drop');
  }
  return reasons;
}
