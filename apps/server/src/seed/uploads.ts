import { createHash } from 'node:crypto';
import { USER_IDS } from './accounts';
import { REGENBOOG } from './schools';
import type { DemoData } from './types';

const DAY_MS = 86_400_000;

/**
 * A pupil's ECK-iD in the demo: the real format (the chain's prefix and 128 hexadecimal characters), derived from
 * the pupil's id so that it is the same in every run, and pseudonymous like the real one.
 */
export function demoEckId(pupilId: number): string {
  return `https://ketenid.nl/201703/${createHash('sha512').update(`leerzicht-demo-pupil-${pupilId}`).digest('hex')}`;
}

/**
 * Two EDEXML uploads of De Regenboog by the provider's staff (beheer), so that the uploads list shows something:
 * the school year's first export, which added the year's groups and pupils, and a later one that changed nothing.
 */
export function uploadRows(
  data: Pick<DemoData, 'yearClasses' | 'yearClassPupils'>,
  current: number,
  today: Date,
): Pick<DemoData, 'uploads'> {
  const groups = data.yearClasses.filter((g) => g.schoolId === REGENBOOG.id && g.calendarYear === current);
  const groupIds = new Set(groups.map((g) => g.id));
  const pupils = new Set(
    data.yearClassPupils.filter((e) => groupIds.has(e.yearClassId)).map((e) => e.pupilId),
  ).size;
  const teachers = { add: 0, change: 2, unchanged: 0 };
  const upload = (id: number, daysAgo: number, counts: Record<string, unknown>) => ({
    id,
    schoolId: REGENBOOG.id,
    userId: USER_IDS.beheer,
    fileName: `ParnasSys-EDEXML-${REGENBOOG.brinCode}-${current}-${id}.xml`,
    contentType: 'application/xml',
    size: 1_800 + 640 * pupils + 180 * groups.length,
    kind: 'EDEXML' as const,
    status: 'done' as const,
    sha256: createHash('sha256').update(`leerzicht-demo-upload-${current}-${id}`).digest('hex'),
    calendarYear: current,
    result: { counts, errorCount: 0 },
    createdAt: new Date(today.getTime() - daysAgo * DAY_MS),
  });
  return {
    uploads: [
      upload(1, 60, {
        pupils: { add: pupils, change: 0, unchanged: 0 },
        groups: { add: groups.length, change: 0, unchanged: 0 },
        teachers,
        pupilsLeft: 0,
      }),
      upload(2, 7, {
        pupils: { add: 0, change: 0, unchanged: pupils },
        groups: { add: 0, change: 0, unchanged: groups.length },
        teachers: { add: 0, change: 0, unchanged: teachers.change },
        pupilsLeft: 0,
      }),
    ],
  };
}
