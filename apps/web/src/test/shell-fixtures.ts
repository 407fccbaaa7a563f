import type { Profile, School } from '@leerzicht/contract';
import { jsonResponse } from './fake-api';
import { profile, school } from './fixtures';
import { yearClassResponse, yearClassResult } from './result-fixtures';

export const kompas: School = {
  ...school,
  id: 2,
  name: 'CBS Het Kompas',
  brinCode: '34CD',
  isConnectionActive: false,
};

export const oneSchoolProfile: Profile = { ...profile, schools: profile.schools.slice(0, 1) };

/**
 * The replies the signed-in shell asks for: profile, school(s), hidden notices; and, so that the group pages the
 * shell tests open render rather than fail, each group's result (no pupils), its (empty) notes and plans.
 */
export function shellReplies(
  options: { profile?: Profile; schools?: School[]; hidden?: unknown[] } = {},
): Record<string, Response> {
  const replies: Record<string, Response> = {
    'GET /api/1.0/profile/': jsonResponse(options.profile ?? profile),
    'GET /api/1.0/hidden-notifications/': jsonResponse(options.hidden ?? []),
  };
  for (const item of options.schools ?? [school, kompas]) {
    replies[`GET /api/1.0/schools/${item.id}/`] = jsonResponse(item);
    for (const group of item.classes) {
      replies[`GET /api/1.0/year_classes/${group.yearClassId}/result/`] = yearClassResponse(
        yearClassResult([], {
          id: group.yearClassId,
          schoolId: item.id,
          name: group.yearClassName,
          grade: group.yearClassGrade,
          grades: [group.yearClassGrade],
        }),
      );
    }
  }
  replies['GET /api/1.0/all_notes/'] = jsonResponse({ count: 0, results: [] });
  replies['GET /api/1.0/note_category_options/'] = jsonResponse([]);
  replies['GET /api/1.0/group_plans/'] = jsonResponse([]);
  replies['GET /api/1.0/group_plan_templates/'] = jsonResponse([]);
  replies['GET /api/1.0/recent_plans/'] = jsonResponse([]);
  return replies;
}
