import { NotFoundError } from './api-error';

/** A positive integer route parameter; anything else is a page that does not exist. */
export function parseRouteId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError(`No such id ${value ?? ''}`);
  return id;
}
