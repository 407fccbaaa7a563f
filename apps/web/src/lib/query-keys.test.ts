import { pupilEndpoints, resultEndpoints, schoolEndpoints } from '@leerzicht/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidate, queryKeyOf } from './query-keys';

describe('query keys from the endpoint descriptors', () => {
  it('are the path, the path parameters and the query', () => {
    expect(queryKeyOf(schoolEndpoints.school, { params: { id: 1 }, query: { school_year: 2025 } })).toEqual([
      '/schools/:id/',
      { id: 1 },
      { school_year: 2025 },
    ]);
    expect(queryKeyOf(resultEndpoints.schoolHistory, { params: { id: 2 } })).toEqual([
      '/school_history/:id/',
      { id: 2 },
      {},
    ]);
  });

  it('invalidate by prefix: every read of the endpoint, or those with the given path parameters', async () => {
    const client = new QueryClient();
    const pupil = (id: number, schoolId: number) =>
      queryKeyOf(pupilEndpoints.detail, { params: { id }, query: { school_id: schoolId } });
    const pupils = (id: number) => queryKeyOf(resultEndpoints.schoolPupils, { params: { id }, query: {} });
    for (const key of [pupil(7, 1), pupil(8, 1), pupils(1), pupils(2)]) client.setQueryData(key, {});
    const stale = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.isInvalidated)
        .map((query) => query.queryKey);

    await invalidate(client, resultEndpoints.schoolPupils, { id: 1 });
    expect(stale()).toEqual([pupils(1)]);
    await invalidate(client, pupilEndpoints.detail);
    expect(stale()).toEqual([pupil(7, 1), pupil(8, 1), pupils(1)]);
  });
});
