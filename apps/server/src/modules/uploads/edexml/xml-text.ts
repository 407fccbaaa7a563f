import { open } from 'node:fs/promises';
import { TextDecoder } from 'node:util';
import { UploadRefused } from '../importer';

/* The byte-level rules of an EDEXML file before saxes reads it: its encoding, and which DOCTYPEs are refused. */

/**
 * A DOCTYPE may declare entities (the "billion laughs" expansion) or point at external files (XXE). saxes expands
 * neither, but such a file is refused outright rather than read in part: EDEXML files carry no DTD.
 */
export function isDangerousDoctype(doctype: string): boolean {
  return /<!ENTITY|\bSYSTEM\b|\bPUBLIC\b|\[/i.test(doctype);
}

/** The encoding named by the XML declaration (UTF-8 when none), for TextDecoder. */
export async function encodingOf(filePath: string): Promise<string> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(256);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const text = head.subarray(0, bytesRead).toString('latin1');
    const declared = /^(?:\uFEFF|\xEF\xBB\xBF)?<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
      text,
    );
    return declared?.[1] ?? 'utf-8';
  } finally {
    await handle.close();
  }
}

export function decoderFor(label: string): TextDecoder {
  try {
    return new TextDecoder(label, { fatal: true });
  } catch {
    throw new UploadRefused('unsupported_encoding', `The file's encoding ${label} is not supported.`, {
      encoding: label,
    });
  }
}
