import { Image, Loader } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `value` as an image (drawn in the browser; the secret never leaves it). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    QRCode.toDataURL(value, { width: 200, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => {
        if (current) setDataUrl(url);
      },
      () => {
        if (current) setDataUrl(null);
      },
    );
    return () => {
      current = false;
    };
  }, [value]);

  if (!dataUrl) return <Loader size="sm" />;
  return <Image src={dataUrl} alt={label} w={200} h={200} />;
}

/** The base32 secret inside an otpauth:// uri, for typing it in by hand. */
export function secretOfUri(uri: string): string | null {
  try {
    return new URL(uri).searchParams.get('secret');
  } catch {
    return null;
  }
}
