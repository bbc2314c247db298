import { Alert, Anchor, Group, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatPaise } from '../../../../../shared/format.js';
import { toPaise } from '../../../../../shared/money.js';
import type { AccountView } from '../../../../../shared/schemas/account.js';

/**
 * The customer's account beside the bill's payment (docs/customer-credit.md): what they owe of what limit, and, when
 * the part on account would take them past the limit, the manager's approval code the bill needs.
 */
export function AccountAtTill({ account, onAccount, approval, onApproval }: { account: AccountView | undefined; onAccount: number; approval: string; onApproval: (code: string) => void }) {
  if (!account?.onAccount) return null;
  const balance = toPaise(account.balance);
  const limit = toPaise(account.limit);
  const over = onAccount > 0 && balance + onAccount > limit;
  return (
    <Group gap="lg" align="flex-end" data-account-at-till>
      <Text size="sm">
        On account: owes {formatPaise(balance)} of a {formatPaise(limit)} limit
        {onAccount > 0 ? ` · after this bill ${formatPaise(balance + onAccount)}` : ''}
      </Text>
      <Anchor component={Link} to={`/customerAccount/${account.customerId}`} size="sm">
        Take a payment
      </Anchor>
      {over && (
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
    </Group>
  );
}
