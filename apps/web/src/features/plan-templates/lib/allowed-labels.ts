import type { Subject } from '@leerzicht/contract';

/*
 * What a template is meant for, as the list and the read-only view write it. An empty allowed list allows every
 * subject or grade: then these give null and the caller writes "all".
 */

/** The names of the allowed subjects in the subjects' own order; null: every subject. */
export function allowedSubjectNames(
  allowed: readonly number[],
  subjects: readonly Subject[],
  nameOf: (subject: Subject) => string,
): string | null {
  if (allowed.length === 0) return null;
  const known = subjects
    .filter((subject) => allowed.includes(subject.id))
    .sort((a, b) => a.position - b.position)
    .map(nameOf);
  return known.length > 0 ? known.join(', ') : allowed.join(', ');
}

/** The allowed grades in order, runs of three or more as a range ("1, 3–5"); null: every grade. */
export function allowedGradeList(allowed: readonly number[]): string | null {
  if (allowed.length === 0) return null;
  const runs: [number, number][] = [];
  for (const grade of [...new Set(allowed)].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && grade === last[1] + 1) last[1] = grade;
    else runs.push([grade, grade]);
  }
  return runs
    .flatMap(([from, to]) =>
      to - from >= 2 ? [`${from}–${to}`] : from === to ? [`${from}`] : [`${from}`, `${to}`],
    )
    .join(', ');
}
