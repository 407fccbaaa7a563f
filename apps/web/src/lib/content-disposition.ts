/**
 * The file name a `Content-Disposition` answer header gives (RFC 6266): `filename*=UTF-8''…` (percent-encoded,
 * any script) wins over `filename="…"` (quoted, backslash escapes) or a bare `filename=…`. Only the last part of
 * a path is kept and control characters are dropped, so a name never points into a folder; null without a usable
 * name.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (header === null) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^;]*)/i.exec(header)?.[1];
  const fromExtended = extended === undefined ? null : decodeExtended(unquote(extended.trim()));
  if (fromExtended) return fromExtended;
  const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(header)?.[1];
  return plain === undefined ? null : safeName(unquote(plain.trim()));
}

function unquote(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value;
  return value.slice(1, -1).replace(/\\(.)/g, '$1');
}

/** `charset'language'percent-encoded`; UTF-8 and ISO-8859-1 are the charsets RFC 8187 names. */
function decodeExtended(value: string): string | null {
  const match = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8') return safeName(decodeURIComponent(encoded));
    if (charset === 'iso-8859-1') {
      return safeName(
        encoded.replace(/%([\da-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      );
    }
  } catch {
    // A malformed percent sequence: not a name to save under.
  }
  return null;
}

function safeName(name: string): string | null {
  // eslint-disable-next-line no-control-regex -- dropping control characters is the point
  const last = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return last === '' || last === '.' || last === '..' ? null : last;
}
