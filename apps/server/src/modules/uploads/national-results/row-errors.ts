import type { UploadRowError } from '@leerzicht/contract';

/** The preview lists at most this many errors; errorCount counts them all. */
export const MAX_LISTED_ERRORS = 1000;

/** Collects a file's row errors: every one counted, the first MAX_LISTED_ERRORS kept. */
export class RowErrors {
  readonly list: UploadRowError[] = [];
  count = 0;

  add(
    line: number,
    field: string | null,
    code: string,
    message: string,
    values: Record<string, string | number> = {},
  ): void {
    this.count++;
    if (this.list.length < MAX_LISTED_ERRORS) this.list.push({ line, field, code, message, values });
  }
}
