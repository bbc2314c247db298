import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/page.js';
import { SearchBox } from '../../../components/search-box.js';
import { SearchCapNote } from '../../../components/search-cap-note.js';
import { isApiError } from '../../../lib/api-client.js';
import { useSession } from '../../../lib/session.js';
import { useCustomerOrderCount, useCustomerOrders } from '../api/orders.js';
import { ListPager } from '../components/list-pager.js';
import { useListSearch } from '../../../components/list-state.js';
import { OrderCard } from '../components/order-card.js';

/** Your Orders (/order, spec 1 section 2): the customer's paid orders as cards, newest first, searchable, pages of 5. */
export default function YourOrders() {
  const customerId = useSession()?.customer?.customerId ?? 0;
  const { search, page, setPage, searchProps } = useListSearch();
  const orders = useCustomerOrders(customerId, search, page);
  const count = useCustomerOrderCount(customerId, search);
  const total = count.data ?? 0;

  return (
    <Page
      title="Your Orders"
      size="md"
      actions={
        <Button component={Link} to="/customerHome" variant="default">
          Continue Shopping
        </Button>
      }
    >
      <SearchBox
        label="Search by product name"
        {...searchProps}
      />
      <SearchCapNote search={search} total={count.data} records="ordered products" />
      {orders.isError && (
        <Alert color="red" role="alert">
          {isApiError(orders.error) ? orders.error.message : 'Your orders could not be loaded.'}
        </Alert>
      )}
      {orders.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      ) : orders.data && orders.data.length > 0 ? (
        <Stack gap="sm" aria-label="Orders" role="list">
          {orders.data.map((order) => (
            <div role="listitem" key={order.customerCartId}>
              <OrderCard order={order} />
            </div>
          ))}
        </Stack>
      ) : (
        <Text c="dimmed" ta="center" py="lg">
          {search ? `No order of a product starting with '${search}'.` : 'You have not ordered anything yet. '}
          {!search && (
            <Anchor component={Link} to="/customerHome">
              Start shopping
            </Anchor>
          )}
        </Text>
      )}
      {total > 0 && <ListPager label="Your Orders" page={page} total={total} onChange={setPage} />}
    </Page>
  );
}
