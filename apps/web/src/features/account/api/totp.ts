import { totpActivateResponseSchema, totpResultSchema, totpStatusSchema } from '@leerzicht/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const TOTP_STATUS_QUERY_KEY = ['totp-status'] as const;

/** `GET /otp/totp/`: whether two-step login is active. */
export function getTotpStatus() {
  return apiClient.get('/otp/totp', totpStatusSchema);
}

/** `GET /otp/totp/activate`: a fresh secret waiting for its first code, as an otpauth:// uri. */
export function activateTotp() {
  return apiClient.get('/otp/totp/activate', totpActivateResponseSchema, { trailingSlash: false });
}

/** `GET /otp/totp/verify/{code}`: activates with the first valid code. */
export function verifyTotp(code: string) {
  return apiClient.get(`/otp/totp/verify/${encodeURIComponent(code)}`, totpResultSchema, {
    trailingSlash: false,
  });
}

/** `GET /otp/totp/deactivate/{code}`: turns two-step login off with a valid code. */
export function deactivateTotp(code: string) {
  return apiClient.get(`/otp/totp/deactivate/${encodeURIComponent(code)}`, totpResultSchema, {
    trailingSlash: false,
  });
}

export const totpStatusQueryOptions = queryOptions({
  queryKey: TOTP_STATUS_QUERY_KEY,
  queryFn: getTotpStatus,
});

export function useTotpStatusQuery() {
  return useQuery(totpStatusQueryOptions);
}
