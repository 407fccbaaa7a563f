/**
 * The content type of a file from its first bytes, never from what the browser claimed: the common image,
 * document and archive formats by their signatures, UTF-8 text without NUL bytes as text/plain, anything else
 * application/octet-stream.
 */
const SIGNATURES: { type: string; bytes: number[]; offset?: number }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { type: 'image/bmp', bytes: [0x42, 0x4d] },
];

function startsWith(content: Buffer, bytes: number[], offset = 0): boolean {
  return content.length >= offset + bytes.length && bytes.every((byte, i) => content[offset + i] === byte);
}

export function sniffContentType(content: Buffer): string {
  for (const signature of SIGNATURES)
    if (startsWith(content, signature.bytes, signature.offset)) return signature.type;
  if (startsWith(content, [0x52, 0x49, 0x46, 0x46]) && startsWith(content, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  if (content.length > 0 && !content.includes(0)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(content);
      return 'text/plain';
    } catch {
      return 'application/octet-stream';
    }
  }
  return 'application/octet-stream';
}
