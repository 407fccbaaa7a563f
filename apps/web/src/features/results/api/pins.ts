import { pinSchema } from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { schoolPupilsQueryKey } from './get-school-pupils';

/** `POST /pin_pupil/` `{ pupil_id }` → the pin. */
export function pinPupil(pupilId: number) {
  return apiClient.post('/pin_pupil', { pupil_id: pupilId }, pinSchema.partial());
}

/** `DELETE /pin_pupil/{pinId}/`. */
export function unpinPupil(pinId: number) {
  return apiClient.delete(`/pin_pupil/${pinId}`);
}

export type PinChange = { pin: true; pupilId: number } | { pin: false; pinId: number };

/** Pins or unpins a pupil; the pupil list and the pupil's page are read again. */
export function usePinMutation(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: PinChange) => {
      if (change.pin) await pinPupil(change.pupilId);
      else await unpinPupil(change.pinId);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: schoolPupilsQueryKey(schoolId) }),
        queryClient.invalidateQueries({ queryKey: ['pupil'] }),
      ]),
  });
}
