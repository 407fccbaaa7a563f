import { onTestFinished, vi } from 'vitest';

export interface SavedDownload {
  fileName: string;
  file: Blob;
}

/**
 * Catches what the app hands the browser to save (an object URL clicked as a download link; jsdom has neither),
 * for the running test. Returns the files in the order they were saved.
 */
export function captureDownloads(): SavedDownload[] {
  const saved: SavedDownload[] = [];
  const files = new Map<string, Blob>();
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  Object.assign(URL, {
    createObjectURL: (file: Blob) => {
      const url = `blob:test/${files.size + 1}`;
      files.set(url, file);
      return url;
    },
    revokeObjectURL: (url: string) => files.delete(url),
  });
  onTestFinished(() => {
    Object.assign(URL, original);
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const file = files.get(this.href);
    if (file && this.download) saved.push({ fileName: this.download, file });
  });
  return saved;
}

/**
 * A saved file's text. Which Blob `Response.blob()` gives depends on the Node version under jsdom: Node 20's own
 * (with `text()`), or on Node 24 one built from jsdom's global Blob, which has no `text()` but which jsdom's
 * FileReader reads.
 */
export function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsText(blob);
  });
}
