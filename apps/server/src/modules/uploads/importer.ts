import type {
  UploadCounts,
  UploadEckIdConflict,
  UploadKind,
  UploadPreview,
  UploadRowError,
  UploadTeacher,
} from '@leerzicht/contract';
import type { Db } from '../../db/client';
import type { ReadDeadline } from './read-limits';

/** The school an upload is for, and who sends it. */
export interface ImportTarget {
  schoolId: number;
  brinCode: string;
  /** The school year the session has chosen (files without their own school year are about this one). */
  calendarYear: number;
  userId: number;
  /** The app clock at the call (tests move it): e.g. the date pupils who left the file are marked as left. */
  now: Date;
  /** EDEXML apply: keys of the pupils whose conflicting ECK-iD the user confirmed to replace (none: keep them all). */
  replaceEckIds?: ReadonlySet<string>;
}

/** The uploaded file, already written to a temporary file under the data directory (never held whole in memory). */
export interface ImportFile {
  path: string;
  fileName: string;
  size: number;
  sha256: string;
}

/**
 * What a file would do, computed against the database as it is inside the transaction `plan` ran in.
 * `write` makes exactly those changes, in that same transaction; the uploads module calls it only when the user
 * confirmed with the preview's hash and (if `errors` is not empty) agreed to skip the rows with errors.
 */
export interface ImportPlan {
  calendarYear: number | null;
  counts: UploadCounts;
  /** Row errors (the first 1000); rows with errors are left out of `write`. */
  errors: UploadRowError[];
  errorCount: number;
  /** EDEXML only: the file's teachers, with whether they have an account and are members of the school. */
  teachers?: UploadTeacher[];
  /** EDEXML only: rows skipped with their reason, rows the import adapts, and the school's vestigingen. */
  edexml?: Pick<UploadPreview, 'skipped' | 'skippedCount' | 'notes' | 'noteCount' | 'locations'>;
  /**
   * EDEXML only: pupils whose stored ECK-iD the file contradicts (the first listed, all counted), and the keys of
   * all of them that an apply may confirm (`replaceEckIds` must name only these).
   */
  eckIdConflicts?: { list: UploadEckIdConflict[]; count: number; replaceable: ReadonlySet<string> };
  write(tx: Db): Promise<void>;
}

/**
 * A file that cannot be read at all (broken XML, an external entity, another school's BRIN, too many rows, a
 * missing column): refused as a whole with HTTP 400; nothing is planned or written.
 */
export class UploadRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly values: Record<string, string | number> = {},
    readonly line: number | null = null,
  ) {
    super(message);
    this.name = 'UploadRefused';
  }
}

/**
 * One kind of upload. `read` reads and checks the whole file (streaming, within the limits of read-limits.ts)
 * without the database, and refuses a file that cannot be read: the uploads module calls it before it opens a
 * transaction, so that no transaction stays open while a file is read.
 */
export interface Importer {
  kind: UploadKind;
  read(file: ImportFile, deadline: ReadDeadline): Promise<ReadFile>;
}

/** A file read whole: `plan` compares it with the database as it is inside `tx`; it never writes. */
export interface ReadFile {
  plan(tx: Db, target: ImportTarget): Promise<ImportPlan>;
}
