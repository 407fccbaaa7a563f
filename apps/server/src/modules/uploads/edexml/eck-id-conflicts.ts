import { fullName, UPLOAD_MAX_LISTED_ECKID_CONFLICTS, type UploadEckIdConflict } from '@leerzicht/contract';
import type { StoredPupil } from './repository';
import type { PupilRow } from './pupil-rows';

/*
 * ECK-iD conflicts of an EDEXML file (docs/uploads/edexml.md): a pupil matched on their key whose stored ECK-iD the
 * row contradicts. The ECK-iD is what matches a pupil across systems (result files too), so a different one in the
 * file may as well mean a key that now names another child: it is never replaced without the user's confirmation
 * for that pupil. Setting an ECK-iD where none was stored is no conflict.
 */

/** The file's conflicts: every one counted, the first UPLOAD_MAX_LISTED_ECKID_CONFLICTS listed. */
export class EckIdConflicts {
  readonly list: UploadEckIdConflict[] = [];
  count = 0;
  /** Keys of all `changed` conflicts (not only the listed ones): the keys an apply may confirm. */
  readonly replaceable = new Set<string>();

  /** The row's key matched `stored`, whose ECK-iD is set and differs from the row's (held by nobody else). */
  changed(row: PupilRow, stored: StoredPupil, fileEckId: string): void {
    this.replaceable.add(row.key);
    this.add(row, stored, fileEckId, 'changed');
  }

  /** The row's key matched `stored`, but its ECK-iD belongs to another stored pupil (a row error as well). */
  heldByOther(row: PupilRow, stored: StoredPupil, fileEckId: string): void {
    this.add(row, stored, fileEckId, 'held_by_other');
  }

  private add(row: PupilRow, stored: StoredPupil, fileEckId: string, kind: UploadEckIdConflict['kind']) {
    this.count += 1;
    if (this.list.length >= UPLOAD_MAX_LISTED_ECKID_CONFLICTS) return;
    this.list.push({
      line: row.line,
      key: row.key,
      name: fullName(stored),
      storedEckId: stored.eckId,
      fileEckId,
      kind,
    });
  }
}

/** Whether the row would replace a stored ECK-iD by another one: only then does the user have to confirm. */
export function replacesEckId(rowEckId: string | null, stored: StoredPupil): rowEckId is string {
  return rowEckId !== null && stored.eckId !== null && stored.eckId !== rowEckId;
}
