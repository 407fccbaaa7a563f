import { z } from 'zod';
import { idSchema, pagedSchema } from './common';

/**
 * Uploads (spec section 2, `admin/upload`; provider staff only): EDEXML 2.1 (pupils, groups, teachers), national
 * test results (CSV or XLSX exports of CITO, DIA and IEP) and method test results (CSV). Every file is first
 * previewed (nothing changes), then applied in one transaction when the user confirms with the preview's hash.
 */
export const UPLOAD_KINDS = ['EDEXML', 'NATIONAL_RESULTS', 'METHOD_RESULTS'] as const;
export const uploadKindSchema = z.enum(UPLOAD_KINDS);
export type UploadKind = z.infer<typeof uploadKindSchema>;

/** Largest file accepted (bytes) and most data rows (pupils + groups + teachers, or result rows) per file. */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const UPLOAD_MAX_ROWS = 200_000;
/**
 * Deepest element nesting read in an XML file. EDEXML needs six levels (EDEX/leerkrachten/leerkracht/groepen/
 * groep/rol); a deeper file is refused (`too_deep`) before its depth can cost time.
 */
export const UPLOAD_MAX_DEPTH = 32;
/**
 * Most columns a row of a result file (CSV or XLSX) may have, counted to its last cell with a value: the layouts
 * read about 20; Excel allows 16,384, and reading that many per row would be the cost of a file, not of its data.
 */
export const UPLOAD_MAX_COLUMNS = 1_000;

/** What applying the file would do to one kind of row (or did, in the uploads list). */
export const uploadCountSchema = z.object({
  add: z.number().int(),
  change: z.number().int(),
  unchanged: z.number().int(),
});
export type UploadCount = z.infer<typeof uploadCountSchema>;

export const uploadCountsSchema = z.object({
  pupils: uploadCountSchema.optional(),
  groups: uploadCountSchema.optional(),
  teachers: uploadCountSchema.optional(),
  results: uploadCountSchema.optional(),
  /** EDEXML: the school's pupils of that school year who are not in the file (they left; date_left is set). */
  pupilsLeft: z.number().int().optional(),
});
export type UploadCounts = z.infer<typeof uploadCountsSchema>;

/**
 * One problem in the file. `line` is the 1-based line of the file (CSV: the data row's line, header = 1; XML: the
 * element's line; XLSX: the sheet row); `field` names the column or element; `code` is stable for the web's
 * message catalogue, `message` a readable English fallback with the details.
 */
export const uploadRowErrorSchema = z.object({
  line: z.number().int().nullable(),
  field: z.string().nullable(),
  code: z.string(),
  message: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type UploadRowError = z.infer<typeof uploadRowErrorSchema>;

/** EDEXML teacher roles (`rol`, EDEXLeerkrachtRolType), kept as the file names them. */
export const EDEXML_TEACHER_ROLES = [
  'ADJ',
  'ADM',
  'CON',
  'DIR',
  'ICT',
  'IB',
  'KLA',
  'LRK',
  'LOS',
  'LOC',
  'OWA',
  'OUD',
  'RT',
  'SMW',
  'STA',
  'TAL',
  'VAK',
] as const;

/**
 * A teacher of an EDEXML file, matched to an account on their address. `email` is null when the file gives none
 * (`addressProblem` `missing`) or one that is no e-mail address (`invalid`, the file's text in `givenAddress`): such
 * a teacher is listed but cannot be invited until the administration system has their address. `roles` are the
 * file's role codes (`rol`, for the teacher or per group), `roleDescriptions` its free texts (`rolomschrijving`).
 */
export const uploadTeacherSchema = z.object({
  email: z.string().nullable(),
  name: z.string(),
  hasAccount: z.boolean(),
  isMember: z.boolean(),
  addressProblem: z.enum(['missing', 'invalid']).nullable().optional(),
  givenAddress: z.string().nullable().optional(),
  roles: z.array(z.string()).optional(),
  roleDescriptions: z.array(z.string()).optional(),
});
export type UploadTeacher = z.infer<typeof uploadTeacherSchema>;

/**
 * Why an EDEXML group or pupil is skipped (not imported, and no error: the standard allows it). Groups and pupils
 * outside primary education by their jaargroep: `not_primary` (N), `historical` (H), `childcare` (B, D),
 * `secondary` (11-16), `special_secondary` (V). Groups: `composed_group` (a samengestelde groep: the app keeps one
 * group per pupil and year), `no_pupils` (a C or S group without any pupil to take its year from). Pupils:
 * `no_group` (no groep), `group_skipped` (their group is skipped; `values.group`, `values.groupReason`), `left`
 * (uitstroomdatum on or before today; `values.date`), `no_year` (in a combination group without a jaargroep of
 * their own, or in an S group without one and without a birth date; `values.code`).
 */
export const EDEXML_SKIP_REASONS = [
  'not_primary',
  'historical',
  'childcare',
  'secondary',
  'special_secondary',
  'composed_group',
  'no_pupils',
  'no_group',
  'group_skipped',
  'left',
  'no_year',
] as const;
export type EdexmlSkipReason = (typeof EDEXML_SKIP_REASONS)[number];

/** The most skipped rows and notes a preview lists (the counts say how many there are). */
export const UPLOAD_MAX_LISTED_SKIPPED = 1000;

export const uploadSkippedSchema = z.object({
  line: z.number().int(),
  kind: z.enum(['group', 'pupil']),
  key: z.string().nullable(),
  name: z.string(),
  reason: z.enum(EDEXML_SKIP_REASONS),
  values: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type UploadSkipped = z.infer<typeof uploadSkippedSchema>;

/**
 * Something the import does differently from the file's text, for a row it imports: `renamed_group` (two groups of
 * the file share a name; `values.from`, `values.to`), `grade_from_age` (an S-group pupil without a jaargroep of
 * their own gets the grade of their age on 1 October: `values.grade`, `values.age`), `mixed_locations` (a group
 * whose pupils are at more than one vestiging; `values.locations`), `birth_date_ignored` (a birth date in the
 * future or before 1900: not stored; `values.value`).
 */
export const EDEXML_NOTE_CODES = [
  'renamed_group',
  'grade_from_age',
  'mixed_locations',
  'birth_date_ignored',
] as const;
export const uploadNoteSchema = z.object({
  line: z.number().int(),
  kind: z.enum(['group', 'pupil']),
  key: z.string(),
  name: z.string(),
  code: z.enum(EDEXML_NOTE_CODES),
  values: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type UploadNote = z.infer<typeof uploadNoteSchema>;

/**
 * A vestiging (location) of the school: those of the file (`in_file`, `new` when the school has no such location
 * yet) with the number of its pupils the file imports, and the school's stored ones that the file does not name
 * (`not_in_file`) with the number of their pupils of that school year, whom the file leaves as they are.
 */
export const uploadLocationSchema = z.object({
  key: z.string(),
  name: z.string(),
  status: z.enum(['new', 'in_file', 'not_in_file']),
  pupils: z.number().int(),
});
export type UploadLocation = z.infer<typeof uploadLocationSchema>;

/** The most ECK-iD conflicts a preview lists, and so the most one apply can confirm (count says how many). */
export const UPLOAD_MAX_LISTED_ECKID_CONFLICTS = 1000;

/**
 * EDEXML: a pupil whose key is known and whose ECK-iD the file would change. `changed`: the stored ECK-iD is set and
 * differs from the file's; it is replaced only when the apply names the pupil's key in `replaceEckIds`, and the
 * pupil's other changes apply either way. `held_by_other`: the file's ECK-iD belongs to another stored pupil; it
 * cannot be confirmed (ECK-iDs are unique per school) and the row is left out (row error `key_eckid_conflict`).
 * Setting an ECK-iD where none was stored is no conflict.
 */
export const uploadEckIdConflictSchema = z.object({
  line: z.number().int(),
  key: z.string(),
  name: z.string(),
  storedEckId: z.string().nullable(),
  fileEckId: z.string(),
  kind: z.enum(['changed', 'held_by_other']),
});
export type UploadEckIdConflict = z.infer<typeof uploadEckIdConflictSchema>;

export const uploadPreviewSchema = z.object({
  kind: uploadKindSchema,
  fileName: z.string(),
  sha256: z.string(),
  /** EDEXML schooljaar, or the school year of the results. */
  calendarYear: z.number().int().nullable(),
  counts: uploadCountsSchema,
  errors: z.array(uploadRowErrorSchema),
  /** The number of errors found (errors lists at most the first 1000). */
  errorCount: z.number().int(),
  /** The same file (by hash) was applied before: applying it again would change nothing. */
  alreadyApplied: z.boolean(),
  teachers: z.array(uploadTeacherSchema).default([]),
  /** EDEXML: the first UPLOAD_MAX_LISTED_ECKID_CONFLICTS conflicts in file order (counts assume none confirmed). */
  eckIdConflicts: z.array(uploadEckIdConflictSchema).default([]),
  eckIdConflictCount: z.number().int().default(0),
  /* The EDEXML lists below are always sent for EDEXML files (optional: other kinds have none). */
  /** EDEXML: groups and pupils not imported, with the reason (the first UPLOAD_MAX_LISTED_SKIPPED; all counted). */
  skipped: z.array(uploadSkippedSchema).optional(),
  skippedCount: z.number().int().optional(),
  /** EDEXML: imported rows the import adapts (the first UPLOAD_MAX_LISTED_SKIPPED; all counted). */
  notes: z.array(uploadNoteSchema).optional(),
  noteCount: z.number().int().optional(),
  /** EDEXML: the school's vestigingen, in the file and not. */
  locations: z.array(uploadLocationSchema).optional(),
});
export type UploadPreview = z.infer<typeof uploadPreviewSchema>;

export const uploadRecordSchema = z.object({
  id: z.number().int(),
  kind: uploadKindSchema,
  fileName: z.string(),
  sha256: z.string().nullable(),
  size: z.number().int(),
  calendarYear: z.number().int().nullable(),
  status: z.enum(['received', 'processing', 'done', 'failed']),
  counts: uploadCountsSchema,
  errorCount: z.number().int(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type UploadRecord = z.infer<typeof uploadRecordSchema>;
export const uploadListSchema = pagedSchema(uploadRecordSchema);

/** The most characters of the `replaceEckIds` field (the server's multipart field limit follows from it). */
export const UPLOAD_REPLACE_ECKIDS_MAX_CHARS = UPLOAD_MAX_LISTED_ECKID_CONFLICTS * 256;

/**
 * `replaceEckIds`: a JSON array of the pupil keys whose ECK-iD conflict (kind `changed`) the user confirmed. One
 * multipart field rather than one per key: the form's field count stays small and fixed.
 */
const replaceEckIdsSchema = z
  .string()
  .max(UPLOAD_REPLACE_ECKIDS_MAX_CHARS)
  .transform((text, context): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      context.addIssue({ code: 'custom', message: 'Give a JSON array of pupil keys.' });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.string().min(1)).max(UPLOAD_MAX_LISTED_ECKID_CONFLICTS));

/** The `replaceEckIds` field's text for a list of pupil keys. */
export const replaceEckIdsField = (keys: readonly string[]): string => JSON.stringify(keys);

/**
 * The multipart fields beside the file (`file`): the kind; when applying, the hash the preview named (a different
 * file is refused), whether rows with errors may be skipped (without it, a file with row errors is refused) and,
 * for EDEXML, the keys of the pupils whose conflicting ECK-iD is to be replaced (a key that is no such conflict
 * of the file is refused).
 */
export const uploadFieldsSchema = z.object({
  kind: uploadKindSchema,
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  skipRowErrors: z.enum(['true', 'false']).optional(),
  replaceEckIds: replaceEckIdsSchema.optional(),
});

/** Refusal codes of the uploads module and the EDEXML importer (result importers may add their own). */
export const UPLOAD_REFUSAL_CODES = [
  'file_too_large',
  'too_many_rows',
  'too_deep',
  'read_timeout',
  'broken_xml',
  'xml_entities',
  'unsupported_encoding',
  'not_edexml',
  'missing_element',
  'invalid_schooljaar',
  'wrong_brin',
  'hash_mismatch',
  'row_errors',
  'connection_inactive',
  'kind_not_supported',
  'not_an_eckid_conflict',
  'no_brin',
  // The inspectorate's open-data file (docs/uploads/inspectorate.md) without its columns or sheet.
  'not_inspectorate',
] as const;

/** Row error codes of EDEXML files (docs/uploads/edexml.md says what each means). */
export const EDEXML_ROW_ERROR_CODES = [
  'missing_key',
  'duplicate_group_key',
  'group_name_in_use',
  'ambiguous_group_key',
  'missing_field',
  'invalid_jaargroep',
  'group_without_grade',
  'duplicate_pupil_key',
  'duplicate_eckid',
  'invalid_date',
  'invalid_gender',
  'missing_group',
  'unknown_group',
  'group_not_imported',
  'ambiguous_pupil_key',
  'key_eckid_conflict',
  'duplicate_pupil',
  'duplicate_location_key',
  'unknown_location',
] as const;
export type EdexmlRowErrorCode = (typeof EDEXML_ROW_ERROR_CODES)[number];

/**
 * A file refused as a whole (HTTP 400, or 413 when it is too large): the API's error body with the refusal's
 * stable `code` (e.g. `broken_xml`, `xml_entities`, `wrong_brin`, `too_many_rows`, `file_too_large`,
 * `connection_inactive`, `hash_mismatch`, `row_errors`, `kind_not_supported`; the limits on reading a file:
 * `too_deep`, `too_many_rows`, `too_many_columns`, `read_timeout`, each with the limit among its values), the line
 * where reading stopped (when known) and the values its message names. `errors.file` repeats the message for
 * generic forms.
 */
export const uploadRefusalSchema = z.object({
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
  /** The same readable English text as `detail` (the server always sends it; older answers had none). */
  message: z.string().optional(),
  line: z.number().int().nullable(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type UploadRefusal = z.infer<typeof uploadRefusalSchema>;

export const uploadInviteTeachersSchema = z.object({
  schoolId: idSchema,
  emails: z.array(z.string().email()).min(1).max(500),
});
export const uploadInviteTeachersResultSchema = z.object({
  invited: z.number().int(),
  skipped: z.number().int(),
});

/** The link to the school information system (spec 1, 3 `isConnectionActive`). */
export const schoolConnectionUpdateSchema = z.object({ isConnectionActive: z.boolean() });
export const schoolConnectionSchema = z.object({
  schoolId: z.number().int(),
  isConnectionActive: z.boolean(),
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
});

/** Retention: pupils who left more than `retentionYears` school years ago. */
export const retentionSettingsSchema = z.object({
  retentionYears: z.number().int().min(1).max(10),
  autoRemoveLeftPupils: z.boolean(),
});
export const retentionPupilSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sortName: z.string(),
  dateLeft: z.string(),
  lastGroupName: z.string().nullable(),
});
export const retentionOverviewSchema = retentionSettingsSchema.extend({
  /** Pupils who left on or before this date are due. */
  cutoffDate: z.string(),
  pupils: z.array(retentionPupilSchema),
});
export const RETENTION_ERRORS = {
  notDue: 'Not every pupil is due for removal.',
} as const;
export const retentionRemoveSchema = z.object({
  pupilIds: z.array(idSchema).min(1).max(5000),
});
export const retentionRemoveResultSchema = z.object({ removed: z.number().int() });
