import { Image, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatPaise } from '../../../../../shared/format.js';
import { upiPayLink, type UpiPayee } from '../../../../../shared/upi.js';

/** The QR code of a `upi://pay` link as an SVG data URL; the encoder is loaded when a QR is first shown. */
export async function upiQrImage(link: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The QR code a customer scans with any UPI app to pay `amount` to the shop, referenced by `reference`: 240 px
 * square on screen (about 6 cm), large enough to scan from a phone across the counter, with the amount and the UPI ID
 * written under it for a customer who types them.
 */
export function UpiQr({ payee, amount, reference, size = 240 }: { payee: UpiPayee; amount: number; reference: string; size?: number }) {
  const link = upiPayLink(payee, amount, reference);
  const [image, setImage] = useState<{ link: string; src: string }>();
  useEffect(() => {
    let live = true;
    void upiQrImage(link).then((src) => live && setImage({ link, src }));
    return () => {
      live = false;
    };
  }, [link]);
  const label = `UPI QR code for ${formatPaise(amount)} to ${payee.upiId}`;
  return (
    <Stack gap={4} align="center" data-upi-qr={link}>
      {image?.link === link ? <Image src={image.src} alt={label} w={size} h={size} /> : <Loader aria-label="Making the UPI QR code" />}
      <Text size="sm" fw={600}>
        Scan to pay {formatPaise(amount)}
      </Text>
      <Text size="xs" c="dimmed">
        {payee.payeeName} · {payee.upiId} · Ref {reference}
      </Text>
    </Stack>
  );
}
