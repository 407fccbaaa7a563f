import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  schoolAmbitionSchema,
  schoolAmbitionUpdateSchema,
  schoolHistorySchema,
  schoolOutflowSchema,
  schoolPupilsSchema,
  schoolYearQuerySchema,
  yearClassResultSchema,
  yearGradeListSchema,
  yearGradeSchema,
  yeargradeParamsSchema,
} from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { sessionOf } from '../../platform/authentication';
import { updateSchoolAmbition } from './ambitions';
import { getSchoolHistory } from './history-service';
import { getSchoolOutflow, getSchoolPupils } from './school-pupils';
import { getYearClassResult } from './year-class-service';
import { getYearGrade, listYearGrades } from './year-grades';

/**
 * School, grade and group results. Every route needs a session (checked on request, before input validation);
 * another school answers 404; teachers read only their permitted groups (another group: 404).
 */
export async function resultRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireSession };
  const tags = ['results'];

  api.get(
    '/school_history/:id/',
    { ...auth, schema: { tags, params: idParamSchema, response: { 200: schoolHistorySchema } } },
    (request) => getSchoolHistory(ctx, sessionOf(request), request.params.id),
  );
  api.get(
    '/school_pupils/:id/',
    {
      ...auth,
      schema: {
        tags,
        params: idParamSchema,
        querystring: schoolYearQuerySchema,
        response: { 200: schoolPupilsSchema },
      },
    },
    (request) => getSchoolPupils(ctx, sessionOf(request), request.params.id, request.query.school_year),
  );
  api.get(
    '/school-outflow/:id/',
    { ...auth, schema: { tags, params: idParamSchema, response: { 200: schoolOutflowSchema } } },
    (request) => getSchoolOutflow(ctx, sessionOf(request), request.params.id),
  );
  api.get(
    '/year_classes/:id/result/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The year class result: pupils with scores, method scores, notes, approaches and growth',
        params: idParamSchema,
        response: { 200: yearClassResultSchema },
      },
    },
    (request) => getYearClassResult(ctx, sessionOf(request), request.params.id),
  );
  api.get(
    '/schools/:id/year_grades/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Grades 1..8 of the school; a yeargradeId is the grade number',
        params: idParamSchema,
        response: { 200: yearGradeListSchema },
      },
    },
    (request) => listYearGrades(ctx, sessionOf(request), request.params.id),
  );
  api.get(
    '/schools/:id/year_grades/:yeargradeId/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'One grade: its cohorts compared over the years',
        params: yeargradeParamsSchema,
        response: { 200: yearGradeSchema },
      },
    },
    (request) => getYearGrade(ctx, sessionOf(request), request.params.id, request.params.yeargradeId),
  );
  api.patch(
    '/school_ambitions/:id/',
    {
      ...auth,
      schema: {
        tags,
        params: idParamSchema,
        body: schoolAmbitionUpdateSchema,
        response: { 200: schoolAmbitionSchema },
      },
    },
    (request) => updateSchoolAmbition(ctx, sessionOf(request), request.params.id, request.body),
  );
}
