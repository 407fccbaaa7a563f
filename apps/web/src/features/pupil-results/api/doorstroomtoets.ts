import { pupilEndpoints, type DoorstroomtoetsInput } from '@leerzicht/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed } from '../../../lib/api-client';
import { endpointQueryOptions, invalidate } from '../../../lib/query-keys';

/** `GET /pupils/{id}/doorstroomtoets/`: the pupil's results (latest first) and whether the user may write them. */
export function useDoorstroomtoetsQuery(pupilId: number) {
  return useQuery(endpointQueryOptions(pupilEndpoints.doorstroomtoets, { params: { id: pupilId } }));
}

/** Enters a result (`POST`) or corrects one (`PUT .../{resultId}/`). */
export function saveDoorstroomtoets(input: {
  pupilId: number;
  resultId: number | null;
  body: DoorstroomtoetsInput;
}) {
  return input.resultId === null
    ? api.call(pupilEndpoints.createDoorstroomtoets, { params: { id: input.pupilId }, body: input.body })
    : api.call(pupilEndpoints.updateDoorstroomtoets, {
        params: { id: input.pupilId, resultId: input.resultId },
        body: input.body,
      });
}

export function useSaveDoorstroomtoets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDoorstroomtoets,
    onSuccess: async (result) => {
      if (!isSuppressed(result)) await invalidate(queryClient, pupilEndpoints.doorstroomtoets);
    },
  });
}
