import type { FastifyRequest } from 'fastify';
import {
  INVITATION_MAX_EMAILS,
  schoolYearOf,
  uploadCountsSchema,
  type UploadPreview,
  type UploadRecord,
  type uploadInviteTeachersSchema,
} from '@leerzicht/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { SchoolAccess } from '../../platform/access/index';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/http-errors';
import type { ActiveSession } from '../../platform/sessions';
import { createInvitations, type MailFailureLog } from '../invitations/index';
import { checkEckIdConfirmations } from './eck-id-confirmations';
import { UploadRefused, type ImportPlan, type ImportTarget, type Importer, type ReadFile } from './importer';
import { receiveUpload, type ReceivedUpload } from './intake';
import { ReadDeadline } from './read-limits';
import { importerOf } from './registry';
import {
  findUpload,
  findUploadSchool,
  insertUpload,
  listUploads,
  lockSchoolUploads,
  memberEmails,
  wasApplied,
  type UploadRow,
} from './repository';

// Thrown to end the preview's transaction: the plan ran against the database as it is, and nothing stays.
class PreviewDone extends Error {
  constructor(readonly plan: ImportPlan) {
    super('preview rolled back');
  }
}

/** The school and importer of an upload; a school whose link is inactive takes no uploads. */
async function prepare(ctx: AppContext, session: ActiveSession, schoolId: number, upload: ReceivedUpload) {
  const school = await findUploadSchool(ctx.db, schoolId);
  if (!school) throw notFound();
  if (!school.isConnectionActive)
    throw new UploadRefused(
      'connection_inactive',
      'The link to the school information system is inactive: uploads are refused until it is activated again.',
    );
  const importer = importerOf(upload.fields.kind);
  if (!importer)
    throw new UploadRefused(
      'kind_not_supported',
      `Uploads of kind ${upload.fields.kind} are not supported yet.`,
      {
        kind: upload.fields.kind,
      },
    );
  const now = ctx.now();
  const target: ImportTarget = {
    schoolId,
    brinCode: school.brinCode,
    calendarYear: session.currentSchoolYear ?? schoolYearOf(now),
    userId: session.userId,
    now,
    replaceEckIds: new Set(upload.fields.replaceEckIds ?? []),
  };
  return { importer, target };
}

/**
 * Reads and checks the whole file within its limits (read-limits.ts) before any transaction opens: a transaction
 * never waits on a file being read, however slow or hostile the file.
 */
function readUpload(ctx: AppContext, importer: Importer, upload: ReceivedUpload): Promise<ReadFile> {
  return importer.read(upload.file, new ReadDeadline(ctx.config.UPLOAD_READ_SECONDS));
}

async function planRolledBack(ctx: AppContext, read: ReadFile, target: ImportTarget) {
  try {
    await ctx.db.transaction(async (tx) => {
      throw new PreviewDone(await read.plan(tx, target));
    });
  } catch (error) {
    if (error instanceof PreviewDone) return error.plan;
    throw error;
  }
  throw new Error('preview transaction ended without a plan');
}

/** Reads the file (multipart) and says what applying it would change; changes nothing. */
export async function previewUpload(
  ctx: AppContext,
  session: ActiveSession,
  { schoolId }: SchoolAccess,
  request: FastifyRequest,
): Promise<UploadPreview> {
  const upload = await receiveUpload(request, ctx.config.DATA_DIR);
  try {
    const { importer, target } = await prepare(ctx, session, schoolId, upload);
    const read = await readUpload(ctx, importer, upload);
    const plan = await planRolledBack(ctx, read, target);
    return {
      kind: importer.kind,
      fileName: upload.file.fileName,
      sha256: upload.file.sha256,
      calendarYear: plan.calendarYear,
      counts: plan.counts,
      errors: plan.errors.slice(0, 1000),
      errorCount: plan.errorCount,
      alreadyApplied: await wasApplied(ctx.db, schoolId, importer.kind, upload.file.sha256),
      teachers: plan.teachers ?? [],
      eckIdConflicts: plan.eckIdConflicts?.list ?? [],
      eckIdConflictCount: plan.eckIdConflicts?.count ?? 0,
      ...(plan.edexml ?? { skipped: [], skippedCount: 0, notes: [], noteCount: 0, locations: [] }),
    };
  } finally {
    await upload.discard();
  }
}

/**
 * Applies the file the preview showed (its hash must match): read again before the transaction, then in one
 * transaction under the school's upload lock planned against the database as it is now, refused when rows have
 * errors unless the user agreed to skip them, written, and recorded in the uploads list with its counts (audited).
 * The same file again changes nothing but is recorded again.
 */
export async function applyUpload(
  ctx: AppContext,
  session: ActiveSession,
  { schoolId }: SchoolAccess,
  request: FastifyRequest,
): Promise<UploadRecord> {
  const upload = await receiveUpload(request, ctx.config.DATA_DIR);
  try {
    const { sha256, skipRowErrors } = upload.fields;
    if (!sha256) throw badRequest('Invalid input.', { sha256: ['Give the hash of the previewed file.'] });
    if (sha256 !== upload.file.sha256)
      throw new UploadRefused(
        'hash_mismatch',
        'This is not the file that was previewed: preview it again before applying it.',
      );
    const { importer, target } = await prepare(ctx, session, schoolId, upload);
    const read = await readUpload(ctx, importer, upload);
    // The import, its record, its audit row and the read of the record for the answer in one transaction: a
    // 503 on any of them leaves nothing imported.
    const row = await ctx.db.transaction(async (tx) => {
      await lockSchoolUploads(tx, schoolId);
      const plan = await read.plan(tx, target);
      checkEckIdConfirmations(plan, target.replaceEckIds ?? new Set());
      if (plan.errorCount > 0 && skipRowErrors !== 'true')
        throw new UploadRefused(
          'row_errors',
          `The file has row errors (${plan.errorCount}): correct them, or apply the file without the rows that have them.`,
          { errorCount: plan.errorCount },
        );
      await plan.write(tx);
      const uploadId = await insertUpload(tx, {
        schoolId,
        userId: session.userId,
        fileName: upload.file.fileName,
        contentType: upload.contentType,
        size: upload.file.size,
        kind: importer.kind,
        status: 'done',
        sha256: upload.file.sha256,
        calendarYear: plan.calendarYear,
        result: { counts: plan.counts, errorCount: plan.errorCount },
        createdAt: ctx.now(),
      });
      await writeAudit(tx, {
        schoolId,
        actorUserId: session.userId,
        impersonatorId: session.impersonatorId,
        action: 'upload.apply',
        entity: 'upload',
        entityId: uploadId,
        details: {
          kind: importer.kind,
          errorCount: plan.errorCount,
          ...flatCounts(plan),
          // A pupil's identity across systems changed on the user's word: the audit keeps how many.
          ...(target.replaceEckIds?.size ? { eckIdsReplaced: target.replaceEckIds.size } : {}),
        },
        at: ctx.now(),
      });
      return findUpload(tx, schoolId, uploadId);
    });
    if (!row) throw new Error('recorded upload not found');
    return toRecord(row);
  } finally {
    await upload.discard();
  }
}

/** The counts as flat audit details (numbers only). */
function flatCounts(plan: ImportPlan): Record<string, number> {
  const details: Record<string, number> = {};
  for (const [name, value] of Object.entries(plan.counts)) {
    if (typeof value === 'number') details[name] = value;
    else if (value) for (const [what, n] of Object.entries(value)) details[`${name}_${what}`] = n;
  }
  return details;
}

function toRecord(row: NonNullable<UploadRow>): UploadRecord {
  const result = row.result ?? {};
  const counts = uploadCountsSchema.safeParse(result.counts);
  const errorCount = typeof result.errorCount === 'number' ? result.errorCount : 0;
  const name = `${row.userFirstName ?? ''} ${row.userLastName ?? ''}`.trim();
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    sha256: row.sha256,
    size: row.size,
    calendarYear: row.calendarYear,
    status: row.status,
    counts: counts.success ? counts.data : {},
    errorCount,
    uploadedBy: row.username === null ? null : name || row.username,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSchoolUploads(
  ctx: AppContext,
  { schoolId }: SchoolAccess,
  page: { limit: number; offset: number },
) {
  const { count, rows } = await listUploads(ctx.db, schoolId, page);
  return { count, results: rows.map(toRecord) };
}

/**
 * Invites the given addresses (teachers of an EDEXML file) that are not members of the school yet, through the
 * invitations module (its checks, limits, mail and audit); members and addresses it refuses count as skipped.
 */
export async function inviteTeachers(
  ctx: AppContext,
  session: ActiveSession,
  { schoolId }: SchoolAccess,
  input: z.output<typeof uploadInviteTeachersSchema>,
  log: MailFailureLog,
): Promise<{ invited: number; skipped: number }> {
  const emails = [...new Set(input.emails.map((email) => email.trim().toLowerCase()))];
  const members = await memberEmails(ctx.db, schoolId, emails);
  const toInvite = emails.filter((email) => !members.has(email));
  let invited = 0;
  for (let start = 0; start < toInvite.length; start += INVITATION_MAX_EMAILS) {
    const batch = toInvite.slice(start, start + INVITATION_MAX_EMAILS);
    const answer = await createInvitations(ctx, session, { schoolId, emails: batch }, log);
    invited += answer.invitations.filter((result) => result.errors.length === 0).length;
  }
  const skipped = input.emails.length - invited;
  await writeAudit(ctx.db, {
    schoolId,
    actorUserId: session.userId,
    impersonatorId: session.impersonatorId,
    action: 'upload.invite_teachers',
    entity: 'school',
    entityId: schoolId,
    details: { invited, skipped },
    at: ctx.now(),
  });
  return { invited, skipped };
}
