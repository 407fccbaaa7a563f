/**
 * A picture of the page as it is when the support dialog opens (before the dialog covers it), as a PNG data URL;
 * null when the browser cannot make one. modern-screenshot is loaded only when needed.
 */
export async function capturePage(): Promise<string | null> {
  try {
    const { domToPng } = await import('modern-screenshot');
    return await domToPng(document.body, { scale: 1 });
  } catch {
    return null;
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
