import { healthSchema } from '../api/common';
import {
  clientErrorReceiptSchema,
  clientErrorReportSchema,
  hiddenNotificationListSchema,
  hiddenNotificationSchema,
  hideNotificationRequestSchema,
  sessionSchoolYearSchema,
  versionSchema,
} from '../api/shell';
import { defineEndpoint } from '../endpoint';

export const shellEndpoints = {
  version: defineEndpoint({ method: 'GET', path: '/version/', response: versionSchema }),
  // Errors also happen before sign-in and in read-only sessions: those must still be able to report.
  reportClientError: defineEndpoint({
    method: 'POST',
    path: '/client-errors/',
    write: 'read-only-allowed',
    body: clientErrorReportSchema,
    response: clientErrorReceiptSchema,
    status: 201,
  }),
  hiddenNotifications: defineEndpoint({
    method: 'GET',
    path: '/hidden-notifications/',
    response: hiddenNotificationListSchema,
  }),
  hideNotification: defineEndpoint({
    method: 'POST',
    path: '/hidden-notifications/',
    write: 'write',
    body: hideNotificationRequestSchema,
    response: hiddenNotificationSchema,
  }),
  setSchoolYear: defineEndpoint({
    method: 'PUT',
    path: '/session/school-year/',
    write: 'write',
    body: sessionSchoolYearSchema,
    response: sessionSchoolYearSchema,
  }),
  health: defineEndpoint({ method: 'GET', path: '/health/', response: healthSchema }),
};
