import { idParamSchema } from '../api/common';
import {
  aspectCreateSchema,
  aspectListSchema,
  aspectQuerySchema,
  aspectUpdateSchema,
  observationCreateSchema,
  observationListSchema,
  observationQuerySchema,
  observationUpdateSchema,
  socialEmotionalAspectSchema,
  socialEmotionalObservationSchema,
} from '../api/observations';
import { defineEndpoint } from '../endpoint';

/** Social-emotional observations and the aspects a school rates (spec section 7, "Pupils and notes"). */
export const observationEndpoints = {
  aspects: defineEndpoint({
    method: 'GET',
    path: '/social_emotional_aspects/',
    summary: "The school's rated aspects (the defaults are created on the first read)",
    query: aspectQuerySchema,
    response: aspectListSchema,
  }),
  createAspect: defineEndpoint({
    method: 'POST',
    path: '/social_emotional_aspects/',
    summary: 'An own aspect of the school (school superusers and sencos)',
    write: 'write',
    body: aspectCreateSchema,
    response: socialEmotionalAspectSchema,
    status: 201,
  }),
  updateAspect: defineEndpoint({
    method: 'PATCH',
    path: '/social_emotional_aspects/:id/',
    summary: 'Rename, move or archive an aspect (school superusers and sencos)',
    write: 'write',
    params: idParamSchema,
    body: aspectUpdateSchema,
    response: socialEmotionalAspectSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/social_emotional_observation/',
    summary: "A pupil's observations (pupil_id) or each pupil's latest in a group (yearclass_id)",
    query: observationQuerySchema,
    response: observationListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/social_emotional_observation/',
    write: 'write',
    body: observationCreateSchema,
    response: socialEmotionalObservationSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/social_emotional_observation/:id/',
    summary: 'Change an observation (its author, sencos and school superusers)',
    write: 'write',
    params: idParamSchema,
    body: observationUpdateSchema,
    response: socialEmotionalObservationSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/social_emotional_observation/:id/',
    summary: 'Delete an observation (its author, sencos and school superusers)',
    write: 'write',
    params: idParamSchema,
    status: 204,
  }),
};
