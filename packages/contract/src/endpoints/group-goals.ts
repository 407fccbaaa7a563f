import { idParamSchema } from '../api/common';
import { groupGoalsSchema } from '../api/group-goals';
import { defineEndpoint } from '../endpoint';

/** The group's test overview (spec section 3, "Group goals"; the specification names the shape, not the path). */
export const groupGoalEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/year_classes/:id/goals/',
    summary:
      "The group's method tests with sections per goal, their domains and test types, and each pupil's points per section",
    params: idParamSchema,
    response: groupGoalsSchema,
  }),
};
