import { idParamSchema } from '../api/common';
import {
  nationalTestExclusionListSchema,
  nationalTestExclusionQuerySchema,
  nationalTestExclusionResultSchema,
  nationalTestExclusionUpdateSchema,
} from '../api/national-test-exclusions';
import { defineEndpoint } from '../endpoint';

/** The national-test blacklist (spec section 4; the specification names no call, these are ours). Superusers only. */
export const nationalTestExclusionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/schools/:id/national_test_exclusions/',
    summary:
      "The school's pupils of a school year (default: the session's) with their national-test exclusion, reason and last change",
    params: idParamSchema,
    query: nationalTestExclusionQuerySchema,
    response: nationalTestExclusionListSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/national_test_exclusions/',
    summary:
      'Excludes pupils of the school from national tests (with a reason) or includes them again, all or none',
    write: 'write',
    body: nationalTestExclusionUpdateSchema,
    response: nationalTestExclusionResultSchema,
  }),
};
