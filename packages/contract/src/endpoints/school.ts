import {
  removeSencoRequestSchema,
  removedSencoResponseSchema,
  schoolIdParamSchema,
  sencoListSchema,
  sencoSchema,
  updateSencoRequestSchema,
} from '../api/colleagues';
import { idParamSchema } from '../api/common';
import {
  methodListSchema,
  nationalTestListSchema,
  subjectListSchema,
  testProviderListSchema,
} from '../api/catalog';
import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  createInvitationsRequestSchema,
  createInvitationsResponseSchema,
  invitationKeyParamSchema,
  invitationSchema,
  removeInvitationRequestSchema,
  removedInvitationResponseSchema,
  schoolInvitationSchema,
  updateInvitationRequestSchema,
} from '../api/invitations';
import {
  changePermissionsRequestSchema,
  schoolPermissionsSchema,
  userPermissionsSchema,
} from '../api/permissions';
import { schoolQuerySchema, schoolSchema } from '../api/schools';
import { defineEndpoint } from '../endpoint';

// In a file of its own: every page loads it (the update check, error reports), the rest of this file is per page.
export { shellEndpoints } from './shell';

export const schoolEndpoints = {
  school: defineEndpoint({
    method: 'GET',
    path: '/schools/:id/',
    params: idParamSchema,
    query: schoolQuerySchema,
    response: schoolSchema,
  }),
};

export const catalogEndpoints = {
  subjects: defineEndpoint({ method: 'GET', path: '/subjects/', response: subjectListSchema }),
  testProviders: defineEndpoint({
    method: 'GET',
    path: '/test-providers/',
    response: testProviderListSchema,
  }),
  nationalTests: defineEndpoint({
    method: 'GET',
    path: '/national-tests/',
    response: nationalTestListSchema,
  }),
  methods: defineEndpoint({ method: 'GET', path: '/methods/', response: methodListSchema }),
};

export const colleagueEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/school_sencos/:schoolId/',
    params: schoolIdParamSchema,
    response: sencoListSchema,
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/school_sencos/remove/',
    write: 'write',
    body: removeSencoRequestSchema,
    response: removedSencoResponseSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/school_sencos/update_by_senco_id_and_school_id',
    write: 'write',
    body: updateSencoRequestSchema,
    response: sencoSchema,
  }),
};

export const invitationEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/person_invitation/',
    write: 'write',
    body: createInvitationsRequestSchema,
    response: createInvitationsResponseSchema,
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/person_invitation/remove/',
    write: 'write',
    body: removeInvitationRequestSchema,
    response: removedInvitationResponseSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/person_invitation/:id',
    write: 'write',
    params: idParamSchema,
    body: updateInvitationRequestSchema,
    response: schoolInvitationSchema,
  }),
  byKey: defineEndpoint({
    method: 'GET',
    path: '/person_invitation/:key',
    params: invitationKeyParamSchema,
    response: invitationSchema,
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/person_invitation/:key/accept/',
    write: 'write',
    params: invitationKeyParamSchema,
    body: acceptInvitationRequestSchema,
    response: acceptInvitationResponseSchema,
  }),
};

export const permissionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/school_permissions/:schoolId/',
    params: schoolIdParamSchema,
    response: schoolPermissionsSchema,
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/school_permissions/add/',
    write: 'write',
    body: changePermissionsRequestSchema,
    response: userPermissionsSchema,
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/school_permissions/remove/',
    write: 'write',
    body: changePermissionsRequestSchema,
    response: userPermissionsSchema,
  }),
};
