import type { FastifyInstance } from 'fastify';
import { resultEndpoints as endpoints, schoolAnalyticsEndpoints } from '@leerzicht/contract';
import { onReadReplica, type AppContext } from '../../context';
import { authorizeGroup, authorizeSchool } from '../../platform/access/index';
import { route, signedIn, type CallWith } from '../../platform/routing/index';
import { findAmbitionSchool, updateSchoolAmbition } from './ambition-service';
import { getSchoolHistory } from './history-service';
import { getSchoolInspection, updateSchoolweging } from './inspection-service';
import { getSchoolAnalytics } from './school-analytics-service';
import {
  canEditAmbition,
  canReadGroupResults,
  canReadInspection,
  canReadSchoolResults,
  canSetSchoolweging,
} from './policy';
import { getSchoolOutflow, getSchoolPupils } from './school-pupils-service';
import { subjectTrendRoutes } from './subject-trend-routes';
import { getYearClassResult } from './year-class-service';
import { getYearGrade, listYearGrades } from './year-grade-service';

/**
 * School, grade and group results. Every route needs a session (401 before input validation); another school
 * answers 404; teachers read only their permitted groups (another group: 404).
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
    authorizeSchool(ctx.db, signedIn(call), call.input.params.id, canReadSchoolResults);

  route(app, endpoints.schoolHistory, { ...reads, policy: readSchool }, (call) =>
    getSchoolHistory(ctx, signedIn(call), call.input.params.id),
  );
  route(app, schoolAnalyticsEndpoints.schoolAnalytics, { ...reads, policy: readSchool }, (call) =>
    getSchoolAnalytics(replica, signedIn(call), call.input.params.id, call.input.query.subject_id),
  );
  route(app, endpoints.schoolPupils, { ...reads, policy: readSchool }, (call) =>
    getSchoolPupils(ctx, signedIn(call), call.input.params.id, call.input.query.school_year),
  );
  route(app, endpoints.schoolOutflow, { ...reads, policy: readSchool }, (call) =>
    getSchoolOutflow(replica, signedIn(call), call.input.params.id),
  );
  route(
    app,
    endpoints.yearClassResult,
    {
      ...reads,
      policy: (call) => authorizeGroup(ctx.db, signedIn(call), call.input.params.id, canReadGroupResults),
    },
    (call) => getYearClassResult(ctx, signedIn(call), call.input.params.id),
  );
  route(app, endpoints.yearGrades, { ...reads, policy: readSchool }, (call) =>
    listYearGrades(replica, signedIn(call), call.input.params.id),
  );
  // On the primary: a whole school's grade reads the stored history rows, which a read may have to recompute.
  route(app, endpoints.yearGrade, { ...reads, policy: readSchool }, (call) =>
    getYearGrade(ctx, signedIn(call), call.input.params.id, call.input.params.yeargradeId),
  );
  route(
    app,
    endpoints.updateAmbition,
    {
      tags,
      access: { auth: 'session', pupilData: 'none' },
      policy: async (call) =>
        authorizeSchool(
          ctx.db,
          signedIn(call),
          await findAmbitionSchool(ctx.db, call.input.params.id),
          canEditAmbition,
        ),
    },
    (call) => updateSchoolAmbition(ctx, signedIn(call), call.input.params.id, call.input.body),
  );
  route(
    app,
    endpoints.schoolInspection,
    {
      ...reads,
      policy: (call) => authorizeSchool(ctx.db, signedIn(call), call.input.params.id, canReadInspection),
    },
    (call) => getSchoolInspection(ctx, signedIn(call), call.input.params.id),
  );
  route(
    app,
    endpoints.updateSchoolweging,
    {
      tags,
      access: { auth: 'session', pupilData: 'none' },
      policy: (call) => authorizeSchool(ctx.db, signedIn(call), call.input.params.id, canSetSchoolweging),
    },
    (call) => updateSchoolweging(ctx, signedIn(call), call.input.params.id, call.input.body.schoolweging),
  );
  subjectTrendRoutes(app, ctx);
}
