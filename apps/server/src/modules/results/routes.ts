import type { FastifyInstance } from 'fastify';
import { resultEndpoints as endpoints, schoolAnalyticsEndpoints } from '@leerzicht/contract';
import { onReadReplica, type AppContext } from '../../context';
import { authorizeSchool } from '../../platform/access/index';
import { route, signedIn, type CallWith } from '../../platform/routing/index';
import { authorizeAmbition, authorizeResults, authorizeYearClass } from './access';
import { updateSchoolAmbition } from './ambition-service';
import { getSchoolHistory } from './history-service';
import { getSchoolInspection, updateSchoolweging } from './inspection-service';
import { getSchoolAnalytics } from './school-analytics-service';
import { canReadInspection, canSetSchoolweging } from './policy';
import { getSchoolOutflow, getSchoolPupils } from './school-pupils-service';
import { subjectTrendRoutes } from './subject-trend-routes';
import { getYearClassResult } from './year-class-service';
import { getYearGrade, listYearGrades } from './year-grade-service';

/**
 * School, grade and group results. Every route needs a session (401 before input validation); another school
 * answers 404; teachers read only their permitted groups (another group: 404). Each policy returns what it
 * allowed (the result scope, the group, the access) and the service reads within that.
 *
 * `replica`: the reads a streaming replica may answer (DATABASE_READ_URL; a few seconds behind). The history,
 * the school's pupils, the group results and the inspection stay on the primary: a write on their own page
 * (ambition, pin, score or group note, schoolweging) is followed by a fresh read that must show it. So does a
 * grade: like the history it reads the stored history rows, which the read recomputes when they are stale.
 */
export async function resultRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['results'];
  const replica = onReadReplica(ctx);
  const reads = { tags, access: { auth: 'session', pupilData: 'read' } } as const;
  const readSchool = (call: CallWith<{ params: { id: number } }>) =>
    authorizeResults(ctx.db, signedIn(call), call.input.params.id);

  route(app, endpoints.schoolHistory, { ...reads, policy: readSchool }, (_call, scope) =>
    getSchoolHistory(ctx, scope),
  );
  route(app, schoolAnalyticsEndpoints.schoolAnalytics, { ...reads, policy: readSchool }, (call, scope) =>
    getSchoolAnalytics(replica, scope, call.input.query.subject_id),
  );
  route(app, endpoints.schoolPupils, { ...reads, policy: readSchool }, (call, scope) =>
    getSchoolPupils(ctx, signedIn(call), scope, call.input.query.school_year),
  );
  route(app, endpoints.schoolOutflow, { ...reads, policy: readSchool }, (_call, scope) =>
    getSchoolOutflow(replica, scope),
  );
  route(
    app,
    endpoints.yearClassResult,
    { ...reads, policy: (call) => authorizeYearClass(ctx.db, signedIn(call), call.input.params.id) },
    (_call, group) => getYearClassResult(ctx, group),
  );
  route(app, endpoints.yearGrades, { ...reads, policy: readSchool }, (_call, scope) =>
    listYearGrades(replica, scope),
  );
  // On the primary: a whole school's grade reads the stored history rows, which a read may have to recompute.
  route(app, endpoints.yearGrade, { ...reads, policy: readSchool }, (call, scope) =>
    getYearGrade(ctx, scope, call.input.params.yeargradeId),
  );
  route(
    app,
    endpoints.updateAmbition,
    {
      tags,
      access: { auth: 'session', pupilData: 'none' },
      policy: (call) => authorizeAmbition(ctx.db, signedIn(call), call.input.params.id),
    },
    (call, access) =>
      updateSchoolAmbition(ctx, signedIn(call), access, call.input.params.id, call.input.body),
  );
  route(
    app,
    endpoints.schoolInspection,
    {
      ...reads,
      policy: (call) => authorizeSchool(ctx.db, signedIn(call), call.input.params.id, canReadInspection),
    },
    (call, access) => getSchoolInspection(ctx, signedIn(call), access),
  );
  route(
    app,
    endpoints.updateSchoolweging,
    {
      tags,
      access: { auth: 'session', pupilData: 'none' },
      policy: (call) => authorizeSchool(ctx.db, signedIn(call), call.input.params.id, canSetSchoolweging),
    },
    (call, access) => updateSchoolweging(ctx, signedIn(call), access, call.input.body),
  );
  subjectTrendRoutes(app, ctx);
}
