import { authEndpoints } from '@leerzicht/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endpointQueryOptions } from '../../../lib/query-keys';

/** `GET /otp/totp/activate`: a fresh secret waiting for its first code, as an otpauth:// uri. */
export function activateTotp() {
  return api.call(authEndpoints.totpActivate, {});
}

/** `GET /otp/totp/verify/{code}`: activates with the first valid code. */
export function verifyTotp(code: string) {
  return api.call(authEndpoints.totpVerify, { params: { code } });
}

/** `GET /otp/totp/deactivate/{code}`: turns two-step login off with a valid code. */
export function deactivateTotp(code: string) {
  return api.call(authEndpoints.totpDeactivate, { params: { code } });
}

/** `GET /otp/totp/`: whether two-step login is active. */
export const totpStatusQueryOptions = endpointQueryOptions(authEndpoints.totpStatus, {});

export function useTotpStatusQuery() {
  return useQuery(totpStatusQueryOptions);
}
