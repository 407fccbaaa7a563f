import { SCREENSHOT_STYLES } from './screenshot-styles';

/** A picture of the page in the making. */
export interface PageCapture {
  /**
   * Settles once the page has been copied: what opens on the page after it (the support dialog) is not in the
   * picture. Also settles when the capture failed.
   */
  copied: Promise<void>;
  /** The picture as a PNG data URL, or null when the browser cannot make one. */
  picture: Promise<string | null>;
}

/**
 * Starts a picture of the page as it is when the support dialog is asked for. modern-screenshot is loaded only
 * when needed. It copies the page first (the slow part: each element's computed style, limited to the
 * properties in SCREENSHOT_STYLES) and then draws the copy, which the caller need not wait for.
 */
export function capturePage(): PageCapture {
  let markCopied = () => {};
  const copied = new Promise<void>((resolve) => {
    markCopied = resolve;
  });
  const picture = (async () => {
    try {
      const { domToPng } = await import('modern-screenshot');
      return await domToPng(document.body, {
        scale: 1,
        includeStyleProperties: SCREENSHOT_STYLES,
        onCloneNode: markCopied,
        onCloneEachNode: showChosenOption,
      });
    } catch {
      return null;
    } finally {
      markCopied();
    }
  })();
  return { copied, picture };
}

/**
 * A copied <select> shows the option the user chose, not its first one: a copy of an element carries its
 * attributes, not what was picked since (the shell's group selector would show another group). modern-screenshot
 * writes the chosen value into the copy's `value` attribute; this marks that option selected.
 */
export function showChosenOption(cloned: Node): void {
  if (!(cloned instanceof Element) || cloned.tagName !== 'SELECT') return;
  const chosen = cloned.getAttribute('value');
  if (chosen === null) return;
  for (const option of cloned.querySelectorAll('option')) {
    option.toggleAttribute('selected', option.value === chosen);
  }
}

/** The data URL as a file to upload. */
export function dataUrlToFile(dataUrl: string, name: string): File {
  const [header = '', data = ''] = dataUrl.split(',');
  const type = /data:([^;]+)/.exec(header)?.[1] ?? 'image/png';
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], name, { type });
}
