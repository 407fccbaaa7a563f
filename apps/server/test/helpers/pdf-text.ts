import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const standardFontDataUrl = `${join(pdfjsRoot, 'standard_fonts')}/`;

/** The text of every page of a PDF (read back with pdf.js), runs of white space as one space, and its page count. */
export async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  try {
    let text = '';
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items) if ('str' in item) text += `${item.str}${item.hasEOL ? '\n' : ''}`;
      text += '\n';
    }
    return { text: text.replace(/\s+/g, ' '), pages: pdf.numPages };
  } finally {
    await pdf.destroy();
  }
}
