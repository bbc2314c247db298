import { Alert, Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { passesLimit } from '../../../../../shared/credit.js';
import { formatPaise } from '../../../../../shared/format.js';
import { toPaise } from '../../../../../shared/money.js';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import type { TillAccount } from '../api/account.js';
import { OFFLINE_APPROVAL } from '../offline/keep-offline-bill.js';

const TakePayment = lazy(() => import('./take-payment.js'));

/**
 * The customer's account beside the bill's payment (docs/customer-credit.md): what they owe of what limit, a payment
 * against the balance, and, when the part on account would take them past the limit, the manager's approval code the
 * bill needs. Without a network the figures are the device's copy and no code can be checked.
 */
export function AccountAtTill({ account, customer, onAccount, approval, onApproval }: { account: TillAccount | undefined; customer: Customer; onAccount: number; approval: string; onApproval: (code: string) => void }) {
  const [paying, setPaying] = useState(false);
  if (!account?.onAccount) return null;
  const balance = toPaise(account.balance);
  const limit = toPaise(account.limit);
  const over = onAccount > 0 && passesLimit({ balance, creditLimit: limit }, onAccount);
  return (
    <Group gap="lg" align="flex-end" data-account-at-till>
      <Text size="sm">
        On account: owes {formatPaise(balance)} of a {formatPaise(limit)} limit
        {onAccount > 0 ? ` · after this bill ${formatPaise(balance + onAccount)}` : ''}
        {account.onDevice ? ' (this device’s copy)' : ''}
      </Text>
      <Button size="xs" variant="light" onClick={() => setPaying(true)}>
        Take a payment
      </Button>
      {!account.onDevice && (
        <Anchor component={Link} to={`/customerAccount/${account.customerId}`} size="sm">
          Account and ledger
        </Anchor>
      )}
      {over && account.onDevice && (
        <Alert color="orange" variant="light" p="xs">
          This bill takes {account.customerName} past the credit limit. {OFFLINE_APPROVAL}
        </Alert>
      )}
      {over && !account.onDevice && (
        <>
          <Alert color="orange" variant="light" p="xs">
            This bill takes {account.customerName} past the credit limit: a manager can approve it.
          </Alert>
          <TextInput
            label="Manager's approval code"
            w={180}
            inputMode="numeric"
            maxLength={6}
            value={approval}
            onChange={(e) => onApproval(e.currentTarget.value.replace(/\D/g, ''))}
          />
        </>
      )}
      {paying && (
        <Suspense fallback={null}>
          <TakePayment customer={customer} owes={Math.max(balance, 0)} onClose={() => setPaying(false)} />
        </Suspense>
      )}
    </Group>
  );
}
