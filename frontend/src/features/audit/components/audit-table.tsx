import { Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime, formatPaise } from '../../../../../shared/format.js';
import type { AuditAction, AuditRecord, AuditedEntity } from '../../../../../shared/schemas/audit.js';
import { useAuditPage, type AuditFilters } from '../api/audit.js';

export const entityLabels: Record<AuditedEntity, string> = {
  bill: 'Bill',
  stock: 'Stock',
  product: 'Product',
  role: 'Role',
  employee: 'Employee',
  shop: 'Shop settings',
  policy: 'Policy',
  heldBill: 'Held offline bill',
  message: 'Message without a bill',
  till: 'Till session',
  account: 'Customer account',
};

const actionLabels: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  return: 'Goods returned',
  rebill: 'Billed again',
  revealPassword: 'Temporary password revealed',
  receive: 'Goods received',
  sendTyped: 'Sent to a typed address',
  close: 'Till closed',
  reopen: 'Till reopened',
};

/** Amounts are kept in paise; these fields are shown in rupees. */
const moneyFields = new Set(['mrp', 'sellingPrice', 'buyingPrice', 'gross', 'taxable', 'tax', 'discount', 'paid', 'refunded', 'returnedValue', 'redeemed']);

/** 'sellingPrice' -> 'selling Price' -> 'Selling price'. */
const fieldLabel = (field: string) => {
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function shown(field: string, value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'number' && moneyFields.has(field)) return formatPaise(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The fields a change touched, each as it was and as it became. */
export function Changes({ record }: { record: AuditRecord }) {
  const fields = [...new Set([...Object.keys(record.before), ...Object.keys(record.after)])];
  if (!fields.length) return <Text size="sm" c="dimmed">No field changed.</Text>;
  return (
    <Stack gap={4}>
      {fields.map((field) => (
        <Text size="sm" key={field} style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="sm">
            {fieldLabel(field)}:
          </Text>{' '}
          {record.action !== 'create' && (
            <>
              <Text span size="sm" c="dimmed" td="line-through">
                {shown(field, record.before[field])}
              </Text>{' '}
              →{' '}
            </>
          )}
          {record.action === 'delete' && record.after[field] === undefined ? '' : shown(field, record.after[field])}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Audit records matching `filters`, newest first, 20 to a page with Newer and Older following the server's cursors.
 * `showWhat` leaves out the record column where the screen is about one record already.
 */
export function AuditTable({ filters, caption, showWhat = true }: { filters: AuditFilters; caption: string; showWhat?: boolean }) {
  // The cursors of the pages shown so far: the last is the page on screen (undefined is the first page).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [shownFilters, setShownFilters] = useState(filters);
  if (JSON.stringify(shownFilters) !== JSON.stringify(filters)) {
    setShownFilters(filters);
    setCursors([undefined]);
  }
  const page = useAuditPage(filters, cursors.at(-1));
  const records = page.data?.items;
  const next = page.data?.next;

  return (
    <Stack gap="sm">
      <Paper withBorder>
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="sm" horizontalSpacing="md">
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }} className="visually-hidden">
              {caption}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Who</Table.Th>
                {showWhat && <Table.Th scope="col">What</Table.Th>}
                <Table.Th scope="col">Change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!records ? (
                <Table.Tr>
                  <Table.Td colSpan={showWhat ? 4 : 3}>
                    <Center py="md">
                      {page.isError ? <Text c="red">{page.error.message}</Text> : <Loader size="sm" aria-label="Loading the audit trail" />}
                    </Center>
                  </Table.Td>
                </Table.Tr>
              ) : records.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={showWhat ? 4 : 3}>
                    <Text c="dimmed" ta="center" py="md">
                      No changes recorded.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                records.map((record) => (
                  <Table.Tr key={record.auditId}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(record.at)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{record.by}</Table.Td>
                    {showWhat && (
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {`${entityLabels[record.entity]} ${record.entityId}`}
                        </Text>
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Badge variant="light" mb={4}>
                        {actionLabels[record.action]}
                      </Badge>
                      <Changes record={record} />
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" size="xs" leftSection={<IconChevronLeft size={14} />} disabled={cursors.length <= 1} onClick={() => setCursors(cursors.slice(0, -1))}>
          Newer
        </Button>
        <Button variant="default" size="xs" rightSection={<IconChevronRight size={14} />} disabled={!next || page.isPlaceholderData} onClick={() => setCursors([...cursors, next])}>
          Older
        </Button>
      </Group>
    </Stack>
  );
}
