import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Attachment files live under DATA_DIR/support-attachments, outside the web root and never served statically;
 * each is stored under a random name of the server's choosing (the user's file name stays in the database).
 */
export function attachmentDir(dataDir: string): string {
  return path.join(dataDir, 'support-attachments');
}

export async function storeFile(dataDir: string, content: Buffer): Promise<string> {
  const dir = attachmentDir(dataDir);
  await mkdir(dir, { recursive: true });
  const storedName = `${randomUUID()}.bin`;
  await writeFile(path.join(dir, storedName), content, { flag: 'wx' });
  return storedName;
}

export function readStoredFile(dataDir: string, storedName: string): Promise<Buffer> {
  return readFile(path.join(attachmentDir(dataDir), path.basename(storedName)));
}

export async function removeStoredFiles(dataDir: string, storedNames: string[]): Promise<void> {
  await Promise.all(
    storedNames.map((name) => rm(path.join(attachmentDir(dataDir), path.basename(name)), { force: true })),
  );
}
