import { Alert, Anchor, Badge, Button, Group, NumberInput, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { remindAllOver, useReceivables } from '../api/accounts.js';

const AGES = [
  ['d0to30', '0–30 days'],
  ['d31to60', '31–60 days'],
  ['d61to90', '61–90 days'],
  ['d90plus', '90+ days'],
] as const;

function ReceivablesList() {
  const [minAge, setMinAge] = useState<number | string>(0);
  const list = useReceivables(Number(minAge) || 0);
  const [told, setTold] = useState<string>();
  const remindAll = () =>
    remindAllOver(Number(minAge) || 0).then(
      (r) =>
        setTold(
          `Reminded ${r.sent.length} customer(s) on WhatsApp${r.emailed.length ? ` (${r.emailed.length} by e-mail too)` : ''}${r.skipped.length ? `; ${r.skipped.length} not (reminded this week, or nothing owed)` : ''}.`,
        ),
      () => setTold('The reminders could not be sent. Try again.'),
    );
  if (list.isError) return <Alert color="red">The receivables could not be read. Try again.</Alert>;
  const data = list.data;
  return (
    <>
      <Group align="flex-end">
        <NumberInput label="Oldest unpaid bill at least (days)" w={260} min={0} value={minAge} onChange={setMinAge} />
        <Button variant="light" onClick={() => void remindAll()}>
          Remind all shown
        </Button>
        {told && <Text size="sm" role="status">{told}</Text>}
      </Group>
      {data && (
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          <Paper withBorder p="sm">
            <Text size="sm" c="dimmed">Total due</Text>
            <Text fw={700} data-total-due>{formatRupees(data.totals.balance)}</Text>
          </Paper>
          {AGES.map(([key, label]) => (
            <Paper withBorder p="sm" key={key}>
              <Text size="sm" c="dimmed">{label}</Text>
              <Text fw={700}>{formatRupees(data.totals[key])}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {data && (
        <Table striped data-receivables>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Customer</Table.Th>
              <Table.Th ta="right">Owes</Table.Th>
              <Table.Th ta="right">Limit</Table.Th>
              {AGES.map(([key, label]) => (
                <Table.Th key={key} ta="right">{label}</Table.Th>
              ))}
              <Table.Th>Oldest unpaid</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.map((r) => (
              <Table.Tr key={r.customerId}>
                <Table.Td>
                  <Group gap="xs">
                    <Anchor component={Link} to={`/customerAccount/${r.customerId}`}>
                      {r.customerName}
                    </Anchor>
                    <Text size="xs" c="dimmed">{r.mobileNumber}</Text>
                    {r.overLimit && <Badge color="red">Over limit</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{formatRupees(r.balance)}</Table.Td>
                <Table.Td ta="right">{formatRupees(r.limit)}</Table.Td>
                {AGES.map(([key]) => (
                  <Table.Td key={key} ta="right">{formatRupees(r.aged[key])}</Table.Td>
                ))}
                <Table.Td>{r.oldestUnpaid ? `${formatDate(r.oldestUnpaid)} (${r.daysOverdue} days)` : ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}

/** Who owes what, aged by their unpaid bills (oldest paid first), the totals and those over their limit. */
export default function ReceivablesScreen() {
  return (
    <Page title="Receivables" description="What customers owe on account, aged by their unpaid bills (oldest bills paid first)">
      <RequireFeature anyOf={['CustomerCredit']} what="receivables">
        <ReceivablesList />
      </RequireFeature>
    </Page>
  );
}
