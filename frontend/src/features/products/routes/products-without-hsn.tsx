import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { productRoutes } from '../../../../../shared/routes/products.js';
import { MAX_BULK_ROWS } from '../../../../../shared/schemas/catalogue.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { callApi } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import { productKeys } from '../api/products.js';
import type { BulkEditState } from './product-list.js';

/**
 * /product/withoutHsn: the products that have no HSN code yet, so the owner can give them one before their bills
 * are tax invoices with an HSN on every line. "Give HSN codes" opens the bulk edit with them (at most one save's
 * worth at a time), which comes back here when saved: the products given a code have left the list.
 */
export default function ProductsWithoutHsnScreen() {
  return (
    <Page title="Products without HSN code" description="GST invoices print the HSN code of every product. Give these products theirs.">
      <RequireFeature anyOf={['ProductList', 'ProductEdit']} what="the product list" back="/product">
        <WithoutHsn />
      </RequireFeature>
    </Page>
  );
}

function WithoutHsn() {
  const navigate = useNavigate();
  const products = useQuery({ queryKey: [...productKeys.all, 'withoutHsn'], queryFn: () => callApi(productRoutes.withoutHsn) });
  // The list stops at 1,000 products; the count is all of them.
  const count = useQuery({ queryKey: [...productKeys.all, 'withoutHsn', 'count'], queryFn: () => callApi(productRoutes.withoutHsnCount) });
  const rows = products.data ?? [];
  const total = Math.max(count.data ?? 0, rows.length);
  const next = rows.slice(0, MAX_BULK_ROWS).map((p) => p.productId);
  return (
    <Stack gap="md">
      <SavedNotice />
      {products.isSuccess && rows.length === 0 ? (
        <Alert color="green" icon={<IconInfoCircle size={18} />}>
          Every product has an HSN code.
        </Alert>
      ) : (
        <Group justify="space-between">
          <Text size="sm" aria-live="polite">
            {products.isSuccess
              ? `${total.toLocaleString('en-IN')} product${total === 1 ? '' : 's'} without an HSN code` +
                (total > rows.length ? `: the first ${rows.length.toLocaleString('en-IN')} are listed` : '')
              : ''}
          </Text>
          <Button
            leftSection={<IconPencil size={16} />}
            disabled={next.length === 0}
            onClick={() => void navigate('/product/edit', { state: { ids: next, returnTo: '/product/withoutHsn' } satisfies BulkEditState })}
          >
            Give HSN codes{rows.length > MAX_BULK_ROWS ? ` (first ${MAX_BULK_ROWS})` : ''}
          </Button>
        </Group>
      )}
      {products.isPending && <Loader aria-label="Loading the products" />}
      {products.isError && (
        <Alert color="red" role="alert">
          {errorText(products.error)}
        </Alert>
      )}
      {rows.length > 0 && (
        <Table striped withTableBorder aria-label="Products without HSN code">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Unit</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.productId}>
                  <Table.Td>{p.productName}</Table.Td>
                  <Table.Td>{p.unit ?? 'NOS'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
      )}
      <Group>
        <Button component={Link} to="/product" variant="default">
          Product list
        </Button>
      </Group>
    </Stack>
  );
}
