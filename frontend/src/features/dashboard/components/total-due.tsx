import { Anchor, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../../../../shared/format.js';
import { accountRoutes } from '../../../../../shared/routes/accounts.js';
import { callApi } from '../../../lib/api-client.js';

/** What customers owe the shop on account (docs/customer-credit.md), from one counter; shown once anything is owed. */
export function TotalDue({ canOpen }: { canOpen: boolean }) {
  const due = useQuery({ queryKey: ['accounts', 'totalDue'], queryFn: () => callApi(accountRoutes.totalDue), staleTime: 60_000 });
  if (!due.data?.totalDue) return null;
  return (
    <Paper withBorder p="sm" data-total-due>
      <Group justify="space-between">
        <Text>
          Customers owe <b>{formatRupees(due.data.totalDue)}</b> on account
        </Text>
        {canOpen && (
          <Anchor component={Link} to="/receivables">
            Receivables
          </Anchor>
        )}
      </Group>
    </Paper>
  );
}
