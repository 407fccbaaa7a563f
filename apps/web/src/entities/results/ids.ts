import { YEAR_TIMES, type YearTime } from '@leerzicht/contract';
import { NotFoundError } from '../../lib/api-error';

export { parseRouteId as parseId } from '../../lib/route-ids';

export function parseYearTime(value: string | undefined): YearTime {
  const found = YEAR_TIMES.find((yearTime) => yearTime === value);
  if (!found) throw new NotFoundError(`No such moment ${value ?? ''}`);
  return found;
}
