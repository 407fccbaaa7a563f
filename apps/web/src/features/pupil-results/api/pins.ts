import { pupilEndpoints, resultEndpoints } from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';

/** `POST /pin_pupil/` `{ pupil_id }` → the pin. */
export function pinPupil(pupilId: number) {
  return api.call(pupilEndpoints.pin, { body: { pupil_id: pupilId } });
}

/** `DELETE /pin_pupil/{pinId}/`. */
export function unpinPupil(pinId: number) {
  return api.call(pupilEndpoints.unpin, { params: { id: pinId } });
}

export type PinChange = { pin: true; pupilId: number } | { pin: false; pinId: number };

/** Pins or unpins a pupil; the pupil list and the pupil's page are read again (unless nothing was sent). */
export function usePinMutation(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PinChange) => (change.pin ? pinPupil(change.pupilId) : unpinPupil(change.pinId)),
    onSuccess: async (result) => {
      if (isSuppressed(result)) return;
      await Promise.all([
        invalidate(queryClient, resultEndpoints.schoolPupils, { id: schoolId }),
        invalidate(queryClient, pupilEndpoints.detail),
      ]);
    },
  });
}
