import {
  inspectorateApplyResultSchema,
  inspectorateEndpoints,
  inspectoratePreviewSchema,
  resultEndpoints,
  type InspectorateApplyResult,
  type InspectoratePreview,
} from '@leerzicht/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isSuppressed, type Suppressed } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import { sendForm, type UploadProgress } from '../lib/send-upload';

export interface InspectorateInput {
  file: File;
  onProgress: (progress: UploadProgress) => void;
}

function formOf(file: File, sha256?: string): FormData {
  const form = new FormData();
  // The hash before the file: the server reads the fields first from the stream.
  if (sha256) form.append('sha256', sha256);
  form.append('file', file, file.name);
  return form;
}

/** `POST /inspectorate-figures/preview/` (provider staff): which schools the file matches; changes nothing. */
export async function previewInspectorate(
  input: InspectorateInput,
): Promise<InspectoratePreview | Suppressed> {
  const answer = await sendForm(inspectorateEndpoints.preview, {}, formOf(input.file), input.onProgress);
  return isSuppressed(answer) ? answer : inspectoratePreviewSchema.parse(answer);
}

/** `POST /inspectorate-figures/`: stores the previewed file's figures (its hash) for every matched school. */
export async function applyInspectorate(
  input: InspectorateInput & { sha256: string },
): Promise<InspectorateApplyResult | Suppressed> {
  const answer = await sendForm(
    inspectorateEndpoints.apply,
    {},
    formOf(input.file, input.sha256),
    input.onProgress,
  );
  return isSuppressed(answer) ? answer : inspectorateApplyResultSchema.parse(answer);
}

export function usePreviewInspectorate() {
  return useMutation({ mutationFn: previewInspectorate });
}

/** After applying, every school's inspection view is stale. */
export function useApplyInspectorate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyInspectorate,
    onSuccess: async (result) => {
      if (isSuppressed(result)) return;
      await invalidate(queryClient, resultEndpoints.schoolInspection);
    },
  });
}
