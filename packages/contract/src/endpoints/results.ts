import { idParamSchema } from '../api/common';
import {
  doorstroomtoetsInputSchema,
  doorstroomtoetsListSchema,
  doorstroomtoetsParamsSchema,
  doorstroomtoetsResultSchema,
} from '../api/doorstroomtoets';
import { yearGradeListSchema, yearGradeSchema, yeargradeParamsSchema } from '../api/group-results';
import { yearClassResultSchema } from '../api/year-class-result';
import {
  pinPupilInputSchema,
  pinSchema,
  pupilDetailSchema,
  pupilOutflowAdviceInputSchema,
  pupilOutflowAdviceSchema,
  pupilQuerySchema,
} from '../api/pupils';
import {
  schoolAmbitionSchema,
  schoolAmbitionUpdateSchema,
  schoolHistoryAnswerSchema,
  schoolInspectionSchema,
  schoolwegingSchema,
  schoolwegingUpdateSchema,
  schoolOutflowSchema,
  schoolPupilsSchema,
  schoolYearQuerySchema,
} from '../api/results';
import { defineEndpoint } from '../endpoint';

/** School, grade and group results (spec section 7, "Results"). */
export const resultEndpoints = {
  schoolHistory: defineEndpoint({
    method: 'GET',
    path: '/school_history/:id/',
    summary: "The school's results over the years (compact: see unpackSchoolHistory)",
    params: idParamSchema,
    response: schoolHistoryAnswerSchema,
  }),
  schoolPupils: defineEndpoint({
    method: 'GET',
    path: '/school_pupils/:id/',
    params: idParamSchema,
    query: schoolYearQuerySchema,
    response: schoolPupilsSchema,
  }),
  schoolOutflow: defineEndpoint({
    method: 'GET',
    path: '/school-outflow/:id/',
    params: idParamSchema,
    response: schoolOutflowSchema,
  }),
  schoolInspection: defineEndpoint({
    method: 'GET',
    path: '/school-inspection/:id/',
    summary:
      "The inspectorate's view: groep-8 shares at 1F and 1S/2F over three years against the signaleringswaarden",
    params: idParamSchema,
    response: schoolInspectionSchema,
  }),
  updateSchoolweging: defineEndpoint({
    method: 'PATCH',
    path: '/schools/:id/schoolweging/',
    summary: 'The CBS schoolweging of the school (school superusers)',
    write: 'write',
    params: idParamSchema,
    body: schoolwegingUpdateSchema,
    response: schoolwegingSchema,
  }),
  yearClassResult: defineEndpoint({
    method: 'GET',
    path: '/year_classes/:id/result/',
    summary:
      'The year class result: pupils with scores, method scores, notes, approaches and growth (compact: see unpackYearClassResult)',
    params: idParamSchema,
    response: yearClassResultSchema,
  }),
  yearGrades: defineEndpoint({
    method: 'GET',
    path: '/schools/:id/year_grades/',
    summary: 'Grades 1..8 of the school; a yeargradeId is the grade number',
    params: idParamSchema,
    response: yearGradeListSchema,
  }),
  yearGrade: defineEndpoint({
    method: 'GET',
    path: '/schools/:id/year_grades/:yeargradeId/',
    summary: 'One grade: its cohorts compared over the years',
    params: yeargradeParamsSchema,
    response: yearGradeSchema,
  }),
  updateAmbition: defineEndpoint({
    method: 'PATCH',
    path: '/school_ambitions/:id/',
    write: 'write',
    params: idParamSchema,
    body: schoolAmbitionUpdateSchema,
    response: schoolAmbitionSchema,
  }),
};

/** One pupil: detail, outflow advice, doorstroomtoets results and pins. */
export const pupilEndpoints = {
  detail: defineEndpoint({
    method: 'GET',
    path: '/pupils/:id/',
    params: idParamSchema,
    query: pupilQuerySchema,
    response: pupilDetailSchema,
  }),
  outflowAdvice: defineEndpoint({
    method: 'GET',
    path: '/pupil-outflow-advice/:id/',
    params: idParamSchema,
    response: pupilOutflowAdviceSchema,
  }),
  setOutflowAdvice: defineEndpoint({
    method: 'POST',
    path: '/pupil-outflow-advice/',
    write: 'write',
    body: pupilOutflowAdviceInputSchema,
    response: pupilOutflowAdviceSchema,
  }),
  doorstroomtoets: defineEndpoint({
    method: 'GET',
    path: '/pupils/:id/doorstroomtoets/',
    params: idParamSchema,
    response: doorstroomtoetsListSchema,
    summary: "The pupil's doorstroomtoets results, latest first",
  }),
  createDoorstroomtoets: defineEndpoint({
    method: 'POST',
    path: '/pupils/:id/doorstroomtoets/',
    write: 'write',
    params: idParamSchema,
    body: doorstroomtoetsInputSchema,
    response: doorstroomtoetsResultSchema,
    status: 201,
    summary: 'Enters a doorstroomtoets result of the pupil by hand',
  }),
  updateDoorstroomtoets: defineEndpoint({
    method: 'PUT',
    path: '/pupils/:id/doorstroomtoets/:resultId/',
    write: 'write',
    params: doorstroomtoetsParamsSchema,
    body: doorstroomtoetsInputSchema,
    response: doorstroomtoetsResultSchema,
    summary: 'Corrects a doorstroomtoets result of the pupil',
  }),
  deleteDoorstroomtoets: defineEndpoint({
    method: 'DELETE',
    path: '/pupils/:id/doorstroomtoets/:resultId/',
    write: 'write',
    params: doorstroomtoetsParamsSchema,
    status: 204,
    summary: 'Removes a doorstroomtoets result of the pupil',
  }),
  pin: defineEndpoint({
    method: 'POST',
    path: '/pin_pupil/',
    write: 'write',
    body: pinPupilInputSchema,
    response: pinSchema,
    status: 201,
  }),
  unpin: defineEndpoint({
    method: 'DELETE',
    path: '/pin_pupil/:id/',
    write: 'write',
    params: idParamSchema,
    status: 204,
  }),
};
