import { performance } from 'node:perf_hooks';
import { UPLOAD_MAX_COLUMNS, UPLOAD_MAX_DEPTH, UPLOAD_MAX_ROWS } from '@leerzicht/contract';
import { UploadRefused } from './importer';

/*
 * The bounds on reading an uploaded file (docs/uploads/*.md, "Limits"): element depth (XML), data rows, columns
 * and time. Every file is read whole within them before any transaction opens, so that a hostile or broken file
 * costs a bounded amount of work and never holds a database connection or lock while it is read. Each refusal
 * names its limit in `values`, for the web's message.
 */

export const tooDeep = (line: number | null) =>
  new UploadRefused(
    'too_deep',
    `The file nests elements more than ${UPLOAD_MAX_DEPTH} levels deep.`,
    { maxDepth: UPLOAD_MAX_DEPTH },
    line,
  );

export const tooManyRows = (line: number | null, what = 'rows') =>
  new UploadRefused(
    'too_many_rows',
    `The file has more than ${UPLOAD_MAX_ROWS} ${what}.`,
    { maxRows: UPLOAD_MAX_ROWS },
    line,
  );

export const tooManyColumns = (line: number) =>
  new UploadRefused(
    'too_many_columns',
    `Row ${line} has more than ${UPLOAD_MAX_COLUMNS} columns.`,
    { maxColumns: UPLOAD_MAX_COLUMNS },
    line,
  );

/**
 * The time one file may take to read (UPLOAD_READ_SECONDS), counted from when reading starts. The readers check it
 * between chunks and rows; `untilDeadline` also ends a wait on a library that is busy without giving rows back.
 */
export class ReadDeadline {
  private readonly endsAt: number;

  constructor(readonly seconds: number) {
    this.endsAt = performance.now() + seconds * 1000;
  }

  remainingMs(): number {
    return Math.max(0, this.endsAt - performance.now());
  }

  refusal(line: number | null = null): UploadRefused {
    return new UploadRefused(
      'read_timeout',
      `Reading the file took longer than ${this.seconds} seconds.`,
      { maxSeconds: this.seconds },
      line,
    );
  }

  /** Refuses the file once the time is up. */
  check(line: number | null = null): void {
    if (performance.now() >= this.endsAt) throw this.refusal(line);
  }
}

/**
 * The values of `source` until the deadline, then `read_timeout`, also while `source` is still working towards its
 * next value (exceljs reading shared strings or a zip entry it skips gives no rows back meanwhile). When the values
 * end early (a refusal, a timeout) `stop` releases what `source` reads from, and `source` is closed as soon as it
 * is not busy: a generator cannot be closed while it works towards a value.
 */
export async function* untilDeadline<T>(
  source: AsyncIterator<T>,
  deadline: ReadDeadline,
  stop: () => void,
): AsyncGenerator<T> {
  let expired = false;
  // The wait on the source's next value while one is under way, and how to give up on it (a promise per value:
  // nothing piles up on one long-lived promise over 200,000 rows).
  let waiting: Promise<IteratorResult<T>> | null = null;
  let abandon: ((reason: unknown) => void) | null = null;
  const timer = setTimeout(() => {
    expired = true;
    abandon?.(deadline.refusal());
  }, deadline.remainingMs());
  let finished = false;
  try {
    for (;;) {
      if (expired) throw deadline.refusal();
      const next = source.next();
      waiting = next;
      const result = await new Promise<IteratorResult<T>>((resolve, reject) => {
        abandon = reject;
        next.then(resolve, reject);
      });
      waiting = null;
      abandon = null;
      if (result.done) {
        finished = true;
        return;
      }
      yield result.value;
    }
  } finally {
    clearTimeout(timer);
    if (!finished) {
      stop();
      const close = () => void source.return?.(undefined).catch(() => undefined);
      if (waiting) waiting.then(close, () => undefined);
      else close();
    }
  }
}
