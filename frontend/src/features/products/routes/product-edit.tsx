import { Alert, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { productIds } from '../../../../../shared/schemas/catalogue.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { useProductsByIds } from '../api/products.js';
import { ProductRowsForm } from '../components/product-rows-form.js';
import { rowOf } from '../components/product-rows.js';
import { BULK_EDIT_RETURNS, type BulkEditState } from './product-list.js';

/** /product/edit: bulk edit of the products ticked on the list, whose ids arrive in the navigation state. */
export default function ProductEditScreen() {
  return (
    <Page title="Modify Products" description="Change any field; a product keeps its picture unless you choose another.">
      <RequireFeature anyOf={['ProductEdit']} what="changing products" back="/product">
        <BulkEdit />
      </RequireFeature>
    </Page>
  );
}

function BulkEdit() {
  const state = useLocation().state as Partial<BulkEditState> | null;
  const ids = productIds.safeParse(state?.ids ?? []);
  const products = useProductsByIds(ids.success ? ids.data : []);

  if (!ids.success) {
    return (
      <Stack gap="lg">
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          {ids.error.issues[0]?.message} Choose them on the product list with Select, then Modify.
        </Alert>
        <Group>
          <Button component={Link} to="/product" variant="default">
            Product list
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!products.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the products" />
      </Center>
    );
  }
  // Only a screen of the product feature: the state is the browser history's, not something to follow anywhere.
  const returnTo = BULK_EDIT_RETURNS.find((path) => path === state?.returnTo) ?? '/product';
  return <ProductRowsForm mode="edit" initialRows={products.data.map(rowOf)} returnTo={returnTo} />;
}
