import type {
  MethodScore,
  NationalNorm,
  NationalScore,
  PupilDetail,
  YearClassResult,
  YearTime,
} from '@leerzicht/contract';
import {
  groupPupil,
  methodScore,
  nationalScore,
  pupilDetail,
  SUBJECTS,
  yearClassResult,
} from '../apps/web/src/test/result-fixtures';

/** Deterministic pseudo-random numbers (mulberry32), so every run renders the same data. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Sanne', 'Daan', 'Emma', 'Liam', 'Zoë', 'Noah', 'Julia', 'Sem', 'Tess', 'Finn'];
const PARTICLES = ['', 'van', 'de', 'van der', 'ter', ''];
const LAST = ['Berg', 'Dijk', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Mulder', 'Bos', 'Vos'];
const TIMES: YearTime[] = ['B', 'M', 'E'];

export interface GeneratedResults {
  result: YearClassResult;
  pupil: PupilDetail;
}

/** A grade-8 group of `pupils` pupils with `years` school years of national results in `subjects` subjects. */
export function generateResults(
  pupils: number,
  years: number,
  subjects: number,
  currentYear: number,
): GeneratedResults {
  const next = random(42);
  const subjectList = SUBJECTS.slice(0, subjects);
  const firstYear = currentYear - years + 1;
  // The first pupil's results as the pupil page has them (the group result carries fewer fields).
  let firstScores: { scores: NationalScore[]; methodScores: MethodScore[] } = {
    scores: [],
    methodScores: [],
  };
  const members = Array.from({ length: pupils }, (_, index) => {
    const id = index + 1;
    const scores: NationalScore[] = [];
    const methodScores: MethodScore[] = [];
    for (const subject of subjectList) {
      const talent = next() * 40 - 20;
      for (let year = firstYear; year <= currentYear; year += 1) {
        const grade = 8 - (currentYear - year);
        for (const yearTime of TIMES) {
          if (year === currentYear && yearTime !== 'B') continue;
          const percentile = Math.max(1, Math.min(99, Math.round(50 + talent + (next() - 0.5) * 30)));
          const abilityScore = Math.round(30 + grade * 10 + TIMES.indexOf(yearTime) * 3 + talent / 2);
          scores.push(
            nationalScore({
              pupilId: id,
              subjectId: subject.id,
              calendarYear: year,
              yearTime,
              grade,
              abilityScore,
              percentile,
            }),
          );
        }
      }
      for (let block = 0; block < 10; block += 1) {
        const month = String((block % 9) + 1).padStart(2, '0');
        methodScores.push(
          methodScore({
            pupilId: id,
            subjectId: subject.id,
            testDate: `${currentYear - (block < 5 ? 0 : 1)}-${month}-15`,
            performance: (['G', 'V', 'M', 'O'] as const)[Math.floor(next() * 4)] ?? 'G',
            methodTestId: subject.id * 100 + block,
            name: `Blok ${block + 1}`,
          }),
        );
      }
    }
    const name: [string, string, string] = [
      FIRST[index % FIRST.length] ?? 'Kim',
      PARTICLES[index % PARTICLES.length] ?? '',
      `${LAST[(index * 7) % LAST.length] ?? 'Jong'}${index}`,
    ];
    if (index === 0) firstScores = { scores, methodScores };
    return groupPupil(id, name, scores, { grade: 8, methodScores });
  });
  const norms: NationalNorm[] = [];
  for (const subject of subjectList)
    for (let grade = 1; grade <= 8; grade += 1)
      for (const yearTime of TIMES)
        norms.push({
          providerId: 1,
          subjectId: subject.id,
          grade,
          yearTime,
          abilityScore: 30 + grade * 10,
          abilitySd: 8,
        });
  const result = yearClassResult(members, {
    grade: 8,
    grades: [8],
    name: 'Groep 8',
    calendarYear: currentYear,
  });
  result.subjects = subjectList;
  const first = members[0]!;
  const pupil = pupilDetail({
    id: first.id,
    firstName: first.firstName,
    lastNamePrefix: first.lastNamePrefix,
    lastName: first.lastName,
    subjects: subjectList,
    scores: firstScores.scores,
    methodScores: firstScores.methodScores,
    current: { yearClassId: 40, yearClassName: 'Groep 8', calendarYear: currentYear, grade: 8 },
    norms,
  });
  return { result, pupil };
}
