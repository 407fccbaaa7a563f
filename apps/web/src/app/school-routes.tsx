import type { RouteObject } from 'react-router';
import { NotFoundView } from './errors/not-found-view';
import { lazyPage } from './lazy-page';

/**
 * A route whose page a later issue builds: it shows the not-found view until then (never placeholder
 * text). Replace `element` with the page's `lazy` when it arrives.
 */
const later = (path: string): RouteObject => ({ path, element: <NotFoundView /> });

/** Management's guards come with its pages, not with every school page. */
const adminGuard = lazyPage(
  () => import('./admin-guard'),
  (module) => module.AdminGuard,
);
const ticketsGuard = lazyPage(
  () => import('./admin-guard'),
  (module) => module.TicketsGuard,
);

/** The children of /app/schools/:schoolId (spec section 2), rendered inside SchoolScope. */
export const schoolRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('../features/school-results/pages/school-results-page'),
      (module) => module.SchoolResultsPage,
    ),
  },
  {
    path: 'subjects/:subjectId',
    lazy: lazyPage(
      () => import('../features/school-results/pages/subject-page'),
      (module) => module.SubjectPage,
    ),
  },
  {
    path: 'subjects/:subjectId/details/:schoolCalendarYear/:yearTime',
    lazy: lazyPage(
      () => import('../features/school-results/pages/subject-page'),
      (module) => module.SubjectPage,
    ),
  },
  {
    path: 'years',
    lazy: lazyPage(
      () => import('../features/grade-results/pages/year-grades-page'),
      (module) => module.YearGradesPage,
    ),
  },
  {
    path: 'years/:yeargradeId',
    lazy: lazyPage(
      () => import('../features/grade-results/pages/year-grade-page'),
      (module) => module.YearGradePage,
    ),
  },
  {
    path: 'groups',
    lazy: lazyPage(
      () => import('../features/school-results/pages/groups-page'),
      (module) => module.GroupsPage,
    ),
  },
  {
    path: 'groups/:yearclassId',
    lazy: lazyPage(
      () => import('../features/group-overview/pages/group-page'),
      (module) => module.GroupPage,
    ),
  },
  {
    path: 'groups/:yearclassId/results',
    lazy: lazyPage(
      () => import('../features/group-results/pages/group-results-page'),
      (module) => module.GroupResultsPage,
    ),
  },
  {
    path: 'groups/:yearclassId/social-emotional',
    lazy: lazyPage(
      () => import('../features/observations/pages/group-observations-page'),
      (module) => module.GroupObservationsPage,
    ),
  },
  {
    path: 'groups/:yearclassId/instruction-groups',
    lazy: lazyPage(
      () => import('../features/instruction-groups/pages/instruction-groups-page'),
      (module) => module.InstructionGroupsPage,
    ),
  },
  {
    path: 'groups/:yearclassId/notes',
    lazy: lazyPage(
      () => import('../features/group-notes/pages/group-notes-page'),
      (module) => module.GroupNotesPage,
    ),
  },
  {
    path: 'groups/:yearclassId/worksheet',
    lazy: lazyPage(
      () => import('../features/worksheet/pages/worksheet-page'),
      (module) => module.WorksheetPage,
    ),
  },
  {
    path: 'groups/:yearclassId/discuss',
    lazy: lazyPage(
      () => import('../features/pupils-to-discuss/pages/group-discuss-page'),
      (module) => module.GroupDiscussPage,
    ),
  },
  {
    path: 'discuss',
    lazy: lazyPage(
      () => import('../features/pupils-to-discuss/pages/school-discuss-page'),
      (module) => module.SchoolDiscussPage,
    ),
  },
  {
    path: 'groups/:yearclassId/goals',
    lazy: lazyPage(
      () => import('../features/goals/pages/goals-page'),
      (module) => module.GoalsPage,
    ),
  },
  {
    path: 'pupils',
    lazy: lazyPage(
      () => import('../features/pupil-results/pages/pupils-page'),
      (module) => module.PupilsPage,
    ),
  },
  {
    path: 'pupils/:pupilId',
    lazy: lazyPage(
      () => import('../features/pupil-results/pages/pupil-page'),
      (module) => module.PupilPage,
    ),
  },
  {
    path: 'pupils/:pupilId/social-emotional',
    lazy: lazyPage(
      () => import('../features/observations/pages/pupil-observations-page'),
      (module) => module.PupilObservationsPage,
    ),
  },
  {
    // Upload says "not found" to anyone but provider staff (the server answers 404 too), not "no access": it sits
    // outside Management's guard, which tells superusers apart.
    path: 'admin/upload',
    lazy: lazyPage(
      () => import('../features/uploads/pages/upload-page'),
      (module) => module.UploadPage,
    ),
  },
  {
    path: 'admin',
    lazy: adminGuard,
    children: [
      {
        path: 'permissions',
        lazy: lazyPage(
          () => import('../features/permissions/pages/permissions-page'),
          (module) => module.PermissionsPage,
        ),
      },
      {
        path: 'templates',
        lazy: lazyPage(
          () => import('../features/plan-templates/pages/templates-page'),
          (module) => module.TemplatesPage,
        ),
      },
      {
        path: 'pupils',
        lazy: lazyPage(
          () => import('../features/national-test-exclusions/pages/exclusions-page'),
          (module) => module.ExclusionsPage,
        ),
      },
      {
        path: 'data',
        lazy: lazyPage(
          () => import('./school-data-page'),
          (module) => module.SchoolDataPage,
        ),
      },
      {
        lazy: ticketsGuard,
        children: [
          {
            path: 'tickets',
            lazy: lazyPage(
              () => import('../features/support/pages/tickets-page'),
              (module) => module.TicketsPage,
            ),
          },
        ],
      },
      later('*'),
    ],
  },
  later('*'),
];
