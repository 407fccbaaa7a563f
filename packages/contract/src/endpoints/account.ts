import {
  detailResponseSchema,
  emailChangeConfirmRequestSchema,
  passwordChangeRequestSchema,
  passwordConfirmRequestSchema,
  passwordConfirmResponseSchema,
  passwordResetConfirmRequestSchema,
  passwordResetRequestSchema,
  updateUserRequestSchema,
} from '../api/account';
import { loginRequestSchema, loginResponseSchema, profileSchema } from '../api/auth';
import {
  signInLinkConfirmRequestSchema,
  signInLinkRequestSchema,
  signInLinkResponseSchema,
} from '../api/sign-in-link';
import { providerStaffRequestSchema, providerStaffResponseSchema } from '../api/impersonation';
import { impersonateRequestSchema, impersonateResponseSchema } from '../api/impersonation';
import { idParamSchema } from '../api/common';
import {
  totpActivateResponseSchema,
  totpCodeParamSchema,
  totpResultSchema,
  totpStatusSchema,
} from '../api/otp';
import { userSettingsInputSchema, userSettingsSchema } from '../api/settings';
import { defineEndpoint } from '../endpoint';

/** Sign-in, two-step login, the account, settings and the provider's own calls (spec section 7). */
export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/login/',
    write: 'read-only-allowed',
    body: loginRequestSchema,
    response: loginResponseSchema,
  }),
  // Parts of signing in, like the login itself (api/sign-in-link.ts).
  requestSignInLink: defineEndpoint({
    method: 'POST',
    path: '/login/link/',
    write: 'read-only-allowed',
    body: signInLinkRequestSchema,
    response: detailResponseSchema,
  }),
  confirmSignInLink: defineEndpoint({
    method: 'POST',
    path: '/login/link/confirm/',
    write: 'read-only-allowed',
    body: signInLinkConfirmRequestSchema,
    response: signInLinkResponseSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/logout/',
    write: 'read-only-allowed',
    response: detailResponseSchema,
  }),
  totpStatus: defineEndpoint({ method: 'GET', path: '/otp/totp/', response: totpStatusSchema }),
  // GETs that change the account (the spec's paths): refused for read-only sessions like any write.
  totpActivate: defineEndpoint({
    method: 'GET',
    path: '/otp/totp/activate',
    write: 'write',
    response: totpActivateResponseSchema,
  }),
  totpVerify: defineEndpoint({
    method: 'GET',
    path: '/otp/totp/verify/:code',
    write: 'write',
    params: totpCodeParamSchema,
    response: totpResultSchema,
  }),
  totpDeactivate: defineEndpoint({
    method: 'GET',
    path: '/otp/totp/deactivate/:code',
    write: 'write',
    params: totpCodeParamSchema,
    response: totpResultSchema,
  }),
};

export const accountEndpoints = {
  profile: defineEndpoint({ method: 'GET', path: '/profile/', response: profileSchema }),
  updateUser: defineEndpoint({
    method: 'PATCH',
    path: '/rest-auth/user/',
    write: 'write',
    body: updateUserRequestSchema,
    response: profileSchema,
  }),
  confirmEmailChange: defineEndpoint({
    method: 'POST',
    path: '/rest-auth/user/email/confirm/',
    write: 'write',
    body: emailChangeConfirmRequestSchema,
    response: detailResponseSchema,
  }),
  confirmPassword: defineEndpoint({
    method: 'POST',
    path: '/rest-auth/password/confirm/',
    write: 'write',
    body: passwordConfirmRequestSchema,
    response: passwordConfirmResponseSchema,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/rest-auth/password/change/',
    write: 'write',
    body: passwordChangeRequestSchema,
    response: detailResponseSchema,
  }),
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/rest-auth/password/reset/',
    write: 'write',
    body: passwordResetRequestSchema,
    response: detailResponseSchema,
  }),
  confirmPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/rest-auth/password/reset/confirm/',
    write: 'write',
    body: passwordResetConfirmRequestSchema,
    response: detailResponseSchema,
  }),
};

export const settingsEndpoints = {
  get: defineEndpoint({ method: 'GET', path: '/user-settings/', response: userSettingsSchema }),
  create: defineEndpoint({
    method: 'POST',
    path: '/user-settings/create/',
    write: 'write',
    body: userSettingsInputSchema,
    response: userSettingsSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/user-settings/update/',
    write: 'write',
    body: userSettingsInputSchema,
    response: userSettingsSchema,
  }),
};

export const adminEndpoints = {
  impersonate: defineEndpoint({
    method: 'POST',
    path: '/impersonate/',
    write: 'write',
    body: impersonateRequestSchema,
    response: impersonateResponseSchema,
  }),
  setProviderStaff: defineEndpoint({
    method: 'PUT',
    path: '/provider_staff/:id/',
    write: 'write',
    params: idParamSchema,
    body: providerStaffRequestSchema,
    response: providerStaffResponseSchema,
  }),
};
