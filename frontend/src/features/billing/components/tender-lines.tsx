import { Group, Stack, Text } from '@mantine/core';
import { formatRupees } from '../../../../../shared/format.js';
import { toPaise } from '../../../../../shared/money.js';
import type { TenderView } from '../../../../../shared/schemas/purchase-answers.js';
import { shopPayee } from '../../../../../shared/upi.js';
import { useSession } from '../../../lib/session.js';
import { UpiQr } from './upi-qr.js';

/**
 * How a bill was paid, part by part (cash ₹500, UPI ₹250), on the receipt on screen, on A4 and on the 80 mm roll. A
 * bill paid whole in cash, or from before parts, shows its Payment Mode alone. A UPI part not confirmed yet says so,
 * and, where the shop has a UPI ID, the receipt carries the QR code of that balance with the bill's number as reference.
 * A part on the customer's account says so, with what the customer owes after the bill (docs/customer-credit.md).
 */
export function TenderLines({ tenders, reference, account }: { tenders: TenderView[] | undefined; reference: string; account?: { balanceAfter: number } }) {
  const payee = shopPayee(useSession()?.tenant);
  if (!tenders?.length || (tenders.length === 1 && tenders[0]!.method === 'cash' && !tenders[0]!.reference)) return null;
  const unconfirmed = tenders.filter((t) => t.method === 'upi' && t.pending).reduce((sum, t) => sum + toPaise(t.amount), 0);
  return (
    <Stack gap={0} data-tenders>
      {tenders.map((t, i) => (
        <Group key={i} justify="space-between" gap={4}>
          <Text size="xs">
            {t.method === 'account' ? 'On account' : `Paid by ${t.label}`}
            {t.pending ? ', to be confirmed' : ''}
            {t.reference ? ` (ref ${t.reference})` : ''}
          </Text>
          <Text size="xs">{formatRupees(t.amount)}</Text>
        </Group>
      ))}
      {account && (
        <Group justify="space-between" gap={4} data-account-balance>
          <Text size="xs">Balance on account after this bill</Text>
          <Text size="xs">{formatRupees(account.balanceAfter)}</Text>
        </Group>
      )}
      {payee && unconfirmed > 0 && <UpiQr payee={payee} amount={unconfirmed} reference={reference} size={160} />}
    </Stack>
  );
}
