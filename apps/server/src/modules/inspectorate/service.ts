import type { FastifyRequest } from 'fastify';
import type { InspectorateApplyResult, InspectorateFigures, InspectoratePreview } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { writeAudit } from '../../platform/audit';
import { badRequest } from '../../platform/http-errors';
import { ReadDeadline, UploadRefused } from '../uploads/index';
import type { AllowedImporter } from './access';
import { receiveInspectorateFile, type ReceivedFile } from './intake';
import { parseInspectorateTable, type ParsedFile } from './parse';
import { readTable } from './read-table';
import { findSchoolsByBrin, listFiguresOfSchools, replaceFigures, type StoredFigures } from './repository';

/** How many unmatched rows the preview names (the file has the whole country's, about 6,200). */
const UNMATCHED_SHOWN = 20;
/** How many unreadable cells the preview names. */
const CELL_ERRORS_SHOWN = 100;

interface Matched {
  line: number;
  schoolId: number;
  schoolName: string;
  figures: InspectorateFigures;
}

interface Plan {
  file: ReceivedFile;
  parsed: ParsedFile;
  matched: Matched[];
  unmatched: { line: number; ovt: string }[];
}

/** Reads and parses the file within the uploads' limits, then matches its rows on BRIN (no transaction open). */
async function plan(ctx: AppContext, request: FastifyRequest): Promise<Plan> {
  const file = await receiveInspectorateFile(request);
  const deadline = new ReadDeadline(ctx.config.UPLOAD_READ_SECONDS);
  const parsed = parseInspectorateTable(await readTable(file.bytes, deadline));
  const schools = await findSchoolsByBrin(ctx.db, [
    ...new Set(parsed.rows.map((row) => row.figures.brinCode)),
  ]);
  const byBrin = new Map(schools.map((school) => [school.brinCode, school]));
  const matched: Matched[] = [];
  const unmatched: { line: number; ovt: string }[] = [];
  for (const row of parsed.rows) {
    const school = byBrin.get(row.figures.brinCode);
    if (school)
      matched.push({ line: row.line, schoolId: school.id, schoolName: school.name, figures: row.figures });
    else unmatched.push({ line: row.line, ovt: row.figures.ovt });
  }
  return { file, parsed, matched, unmatched };
}

const same = (a: unknown, b: unknown): boolean =>
  typeof a === 'number' && typeof b === 'number'
    ? Math.abs(a - b) < 1e-9
    : JSON.stringify(a) === JSON.stringify(b);

/** The fields of the file's row that differ from what the school has stored for that location. */
function changedFields(stored: StoredFigures, next: InspectorateFigures): string[] {
  const keys: (keyof InspectorateFigures)[] = [
    'years',
    'schoolweging',
    'schoolwegingCategory',
    'signal1F',
    'signalTarget',
    'weighted1F',
    'weightedTarget',
    'totalPupils',
    'outcome1F',
    'outcomeTarget',
  ];
  return keys.filter((key) => !same(stored[key], next[key]));
}

/** What applying the file would change, school by school; changes nothing. */
export async function previewInspectorateFile(
  ctx: AppContext,
  _allowed: AllowedImporter,
  request: FastifyRequest,
): Promise<InspectoratePreview> {
  const { file, parsed, matched, unmatched } = await plan(ctx, request);
  const stored = await listFiguresOfSchools(
    ctx.db,
    new Map(matched.map((row) => [row.schoolId, { brinCode: row.figures.brinCode }])),
  );
  const storedByKey = new Map(stored.map((row) => [`${row.schoolId}|${row.locationCode}`, row]));
  return {
    fileName: file.fileName,
    sha256: file.sha256,
    calendarYears: parsed.calendarYears,
    rowCount: parsed.rows.length,
    matched: matched.map((row) => {
      const before = storedByKey.get(`${row.schoolId}|${row.figures.locationCode}`);
      const changes = before ? changedFields(before, row.figures) : [];
      return {
        line: row.line,
        ovt: row.figures.ovt,
        schoolId: row.schoolId,
        schoolName: row.schoolName,
        status: !before ? 'new' : changes.length > 0 ? 'changed' : 'unchanged',
        changedFields: changes,
      };
    }),
    unmatchedCount: unmatched.length,
    unmatched: unmatched.slice(0, UNMATCHED_SHOWN),
    rowErrors: parsed.cellErrors.slice(0, CELL_ERRORS_SHOWN),
  };
}

/**
 * Stores the figures of every matched school in one transaction: each matched school's rows replace all it had
 * (a location the new edition no longer lists goes); schools the file does not name keep theirs. The file must be
 * the previewed one (its hash).
 */
export async function applyInspectorateFile(
  ctx: AppContext,
  allowed: AllowedImporter,
  request: FastifyRequest,
): Promise<InspectorateApplyResult> {
  const { file, parsed, matched } = await plan(ctx, request);
  if (!file.previewSha256)
    throw badRequest('Invalid input.', { sha256: ['Give the hash of the previewed file.'] });
  if (file.previewSha256 !== file.sha256) {
    throw new UploadRefused(
      'hash_mismatch',
      'This is not the file that was previewed: preview it again before applying it.',
    );
  }
  const bySchool = new Map<number, InspectorateFigures[]>();
  for (const row of matched) bySchool.set(row.schoolId, [...(bySchool.get(row.schoolId) ?? []), row.figures]);
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await replaceFigures(tx, bySchool, at, allowed.userId);
    for (const [schoolId, rows] of bySchool) {
      await writeAudit(tx, {
        schoolId,
        actorUserId: allowed.userId,
        impersonatorId: allowed.impersonatorId,
        action: 'school.inspectorate_figures.import',
        entity: 'school',
        entityId: schoolId,
        details: {
          sha256: file.sha256,
          ovt: rows.map((row) => row.ovt),
          calendarYears: parsed.calendarYears,
        },
        at,
      });
    }
  });
  return {
    sha256: file.sha256,
    calendarYears: parsed.calendarYears,
    schoolCount: bySchool.size,
    rowCount: matched.length,
  };
}
