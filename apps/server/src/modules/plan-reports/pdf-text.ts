/*
 * Text as the printout's fonts can show it, and the download's file name.
 *
 * The printout uses the PDF standard fonts (Helvetica): nothing to ship or load, and text that any reader extracts.
 * They cover Windows-1252 (WinAnsi), which holds Dutch and the other Western European letters; other letters are
 * printed without their accent where that gives a WinAnsi letter (ş -> s, ł -> l), else as '?', rather than as
 * the wrong glyph.
 */

/** The characters of Windows-1252 above Latin-1's ASCII part that are not in Latin-1 itself. */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Letters that have no decomposition into a base letter and an accent. */
const BASE_LETTER: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', ħ: 'h', Ħ: 'H' };

function inWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(char);
}

function toWinAnsiChar(char: string): string {
  if (char === '\n' || inWinAnsi(char)) return char;
  if (char === '\t') return ' ';
  if (char === '\r') return '';
  const base = BASE_LETTER[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
  return base.length > 0 && [...base].every(inWinAnsi) ? base : '?';
}

/** The text with every character the standard fonts cannot show replaced (see above). */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) out += toWinAnsiChar(char);
  return out;
}

/** A part of a file name: ASCII letters and digits in lower case, words joined by '-'. */
function slug(text: string): string {
  return toWinAnsi(text)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `groepsplan-<group>-<subject>.pdf`, ASCII only (safe in a Content-Disposition header without encoding). */
export function printFileName(groupName: string, subjectName: string): string {
  const parts = ['groepsplan', slug(groupName), slug(subjectName)].filter((part) => part.length > 0);
  return `${parts.join('-')}.pdf`;
}
