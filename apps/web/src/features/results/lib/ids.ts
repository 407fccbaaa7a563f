import { YEAR_TIMES, type YearTime } from '@leerzicht/contract';
import { NotFoundError } from '../../../lib/api-error';

/** A positive integer route parameter; anything else is a page that does not exist. */
export function parseId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError(`No such id ${value ?? ''}`);
  return id;
}

export function parseYearTime(value: string | undefined): YearTime {
  const found = YEAR_TIMES.find((yearTime) => yearTime === value);
  if (!found) throw new NotFoundError(`No such moment ${value ?? ''}`);
  return found;
}
