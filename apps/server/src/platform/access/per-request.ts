import type { Db } from '../../db/client';

/**
 * A lookup by id remembered per session object. Sessions are resolved per request, so it runs once per request
 * and id: the route's policy and the service share it, and nothing is kept across requests.
 */
export interface PerRequest<S extends object, T> {
  (db: Db, subject: S, id: number): Promise<T>;
  /** What this request has looked up so far. */
  seen(subject: S): Promise<T>[];
}

export function perRequest<S extends object, T>(
  load: (db: Db, subject: S, id: number) => Promise<T>,
): PerRequest<S, T> {
  const cache = new WeakMap<S, Map<number, Promise<T>>>();
  const lookup = (db: Db, subject: S, id: number): Promise<T> => {
    let byId = cache.get(subject);
    if (!byId) {
      byId = new Map();
      cache.set(subject, byId);
    }
    let found = byId.get(id);
    if (!found) {
      found = load(db, subject, id);
      byId.set(id, found);
    }
    return found;
  };
  return Object.assign(lookup, { seen: (subject: S) => [...(cache.get(subject)?.values() ?? [])] });
}
