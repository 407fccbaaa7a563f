import {
  colleagueEndpoints,
  replaceEckIdsField,
  uploadEndpoints,
  uploadPreviewSchema,
  uploadRecordSchema,
  type UploadKind,
  type UploadPreview,
  type UploadRecord,
} from '@leerzicht/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isSuppressed, type Suppressed } from '../../../lib/api-client';
import { endpointQueryOptions, invalidate } from '../../../lib/query-keys';
import { sendForm, type UploadProgress } from '../lib/send-upload';

/** The newest uploads first; the page shows the last 20. */
const LIST_PAGE = { limit: 20, offset: 0 };

/** `GET /schools/{id}/uploads/`: 404 for anyone but provider staff (the route's error view says not found). */
export function useUploadsQuery(schoolId: number, enabled: boolean) {
  return useQuery({
    ...endpointQueryOptions(uploadEndpoints.list, { params: { id: schoolId }, query: LIST_PAGE }),
    throwOnError: true,
    enabled,
  });
}

export interface UploadInput {
  schoolId: number;
  kind: UploadKind;
  file: File;
  onProgress: (progress: UploadProgress) => void;
}

function formOf(input: UploadInput, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  // The fields before the file: the server reads them first from the stream.
  form.append('kind', input.kind);
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  form.append('file', input.file, input.file.name);
  return form;
}

/** `POST /schools/{id}/uploads/preview/`: what the file would change; changes nothing. */
export async function previewUpload(input: UploadInput): Promise<UploadPreview | Suppressed> {
  const answer = await sendForm(
    uploadEndpoints.preview,
    { id: input.schoolId },
    formOf(input),
    input.onProgress,
  );
  return isSuppressed(answer) ? answer : uploadPreviewSchema.parse(answer);
}

/**
 * `POST /schools/{id}/uploads/`: applies the previewed file (its hash) in one transaction, replacing the ECK-iDs of
 * the pupils in `replaceEckIds` (keys of the preview's conflicts the user ticked; sent only when there are any).
 */
export async function applyUpload(
  input: UploadInput & { sha256: string; skipRowErrors: boolean; replaceEckIds?: readonly string[] },
): Promise<UploadRecord | Suppressed> {
  const replace = input.replaceEckIds ?? [];
  const form = formOf(input, {
    sha256: input.sha256,
    skipRowErrors: String(input.skipRowErrors),
    ...(replace.length > 0 ? { replaceEckIds: replaceEckIdsField(replace) } : {}),
  });
  const answer = await sendForm(uploadEndpoints.apply, { id: input.schoolId }, form, input.onProgress);
  return isSuppressed(answer) ? answer : uploadRecordSchema.parse(answer);
}

export function usePreviewUpload() {
  return useMutation({ mutationFn: previewUpload });
}

/** After applying, the uploads list and every read of the school's data (pupils, groups, results) are stale. */
export function useApplyUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyUpload,
    onSuccess: async (result) => {
      if (isSuppressed(result)) return;
      await invalidate(queryClient, uploadEndpoints.list);
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== uploadEndpoints.list.path,
      });
    },
  });
}

/** `POST /uploads/invite_teachers/`: invites the file's teachers who have no account at the school. */
export function useInviteTeachers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { schoolId: number; emails: string[] }) =>
      api.call(uploadEndpoints.inviteTeachers, { body }),
    onSuccess: async (result) => {
      if (isSuppressed(result)) return;
      await Promise.all(
        Object.values(colleagueEndpoints).map((endpoint) => invalidate(queryClient, endpoint)),
      );
    },
  });
}
