import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_COUNT } from '@leerzicht/contract';

export interface AttachmentChange {
  files: File[];
  /** Files left out for being over ATTACHMENT_MAX_BYTES (the warning of spec 5). */
  tooLarge: File[];
  /** Files left out because one of the same name is already attached. */
  duplicates: File[];
  /** Files left out because the list is full. */
  overCount: File[];
}

/** Spec 5: at most 5 MB each, never two files of the same name, and (ours) at most ATTACHMENT_MAX_COUNT. */
export function addAttachments(current: File[], added: File[]): AttachmentChange {
  const change: AttachmentChange = { files: [...current], tooLarge: [], duplicates: [], overCount: [] };
  for (const file of added) {
    if (file.size > ATTACHMENT_MAX_BYTES) change.tooLarge.push(file);
    else if (change.files.some((kept) => kept.name === file.name)) change.duplicates.push(file);
    else if (change.files.length >= ATTACHMENT_MAX_COUNT) change.overCount.push(file);
    else change.files.push(file);
  }
  return change;
}
