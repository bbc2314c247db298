import { Alert, Button, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatPaise } from '../../../../../shared/format.js';
import { toPaise } from '../../../../../shared/money.js';
import type { TillQr } from '../../../../../shared/schemas/till-upi.js';
import { isApiError } from '../../../lib/api-client.js';
import { useCreateTillQr, useSettleUpi, useTillQr, useTillQrActions } from '../api/till-upi.js';
import { upiQrImage } from './upi-qr.js';

export interface RazorpayUpiProps {
  /** The saved bill whose UPI part is to be confirmed. */
  purchaseId: number;
  /** How the cashier knows the bill: its invoice number, or its number. */
  billLabel: string;
  /** The UPI part is settled (paid by the QR code, or another way): the till moves on. */
  onDone: () => void;
  /** The cashier leaves it to be confirmed later (the bill stays saved with "UPI, to be confirmed"). */
  onLater: () => void;
}

const problemOf = (error: unknown) => (isApiError(error) ? error.message : 'The till could not reach the server. Try again.');

/** Razorpay's QR image: drawn here from the UPI link it holds, or Razorpay's own image. */
function QrImage({ qr }: { qr: TillQr }) {
  const [drawn, setDrawn] = useState<{ link: string; src: string }>();
  useEffect(() => {
    let live = true;
    if (qr.imageContent) void upiQrImage(qr.imageContent).then((src) => live && setDrawn({ link: qr.imageContent!, src }));
    return () => {
      live = false;
    };
  }, [qr.imageContent]);
  const alt = `Razorpay UPI QR code for ${formatPaise(toPaise(qr.amount))}`;
  if (!qr.imageContent) return <Image src={qr.imageUrl} alt={alt} w={240} h={240} />;
  return drawn?.link === qr.imageContent ? <Image src={drawn.src} alt={alt} w={240} h={240} /> : <Loader aria-label="Making the UPI QR code" />;
}

/**
 * A saved bill's UPI part paid by a Razorpay QR code (docs/point-of-sale.md, "UPI QR codes that confirm
 * themselves"): the code of exactly that amount, waiting on screen until Razorpay's webhook confirms the payment,
 * when the till moves on by itself. A code that closed unpaid, or a payment that does not match, is told, and the
 * cashier takes the part another way or shows a new code.
 */
export default function RazorpayUpiDialog({ purchaseId, billLabel, onDone, onLater }: RazorpayUpiProps) {
  const create = useCreateTillQr();
  const [qrId, setQrId] = useState<string>();
  const status = useTillQr(qrId);
  const { check, close } = useTillQrActions(qrId);
  const settle = useSettleUpi();
  const qr = status.data ?? create.data;

  const showNew = () => create.mutate(purchaseId, { onSuccess: (made) => setQrId(made.qrId) });
  // One code per bill opened: a new one only when the cashier asks.
  useEffect(showNew, [purchaseId]);
  useEffect(() => {
    if (qr?.status === 'paid') onDone();
  }, [qr?.status, onDone]);

  const paidAnotherWay = (method: 'cash' | 'card') => settle.mutate({ purchaseId, body: { method } }, { onSuccess: onDone });
  const amount = qr ? formatPaise(toPaise(qr.amount)) : '';
  const problem = create.error ?? settle.error ?? close.error ?? check.error;
  return (
    <Modal opened onClose={onLater} title={`UPI by Razorpay · Bill ${billLabel}`} size="md">
      <Stack align="center" gap="sm" data-razorpay-upi={qr?.status ?? 'making'}>
        {problem !== null && (
          <Alert color="red" role="alert" w="100%">
            {problemOf(problem)}
          </Alert>
        )}
        {!qr && create.isPending && <Loader aria-label="Asking Razorpay for a QR code" />}
        {qr?.status === 'open' && (
          <>
            <QrImage qr={qr} />
            <Text fw={600}>Scan to pay {amount}</Text>
            <Text size="sm" c="dimmed" role="status">
              Waiting for the payment: the till moves on by itself when Razorpay confirms it.
            </Text>
            <Group>
              <Button variant="light" loading={check.isPending} onClick={() => check.mutate()}>
                Check again
              </Button>
              <Button variant="default" loading={close.isPending} onClick={() => close.mutate()}>
                Take it another way
              </Button>
            </Group>
          </>
        )}
        {qr?.status === 'paid' && (
          <Text fw={600} c="green" role="status">
            UPI {amount} received
          </Text>
        )}
        {(qr?.status === 'closed' || qr?.status === 'attention') && (
          <>
            <Alert color={qr.status === 'attention' ? 'red' : 'yellow'} role="alert" w="100%">
              {qr.message}
            </Alert>
            <Text size="sm">How did the customer pay the UPI part of {amount}?</Text>
            <Group>
              <Button loading={settle.isPending} onClick={() => paidAnotherWay('cash')}>
                Paid in cash
              </Button>
              <Button variant="light" loading={settle.isPending} onClick={() => paidAnotherWay('card')}>
                Paid by card
              </Button>
              <Button variant="default" loading={create.isPending} onClick={showNew}>
                New QR code
              </Button>
            </Group>
          </>
        )}
        <Button variant="subtle" color="gray" onClick={onLater}>
          Confirm later
        </Button>
      </Stack>
    </Modal>
  );
}
