import { Alert, Group, NativeSelect, Paper, Table } from '@mantine/core';
import { useState } from 'react';
import { isMobileSearch, MOBILE_SEARCH, ORDER_STATUSES, type OrderRow } from '../../../../../shared/schemas/cart.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { SearchBox } from '../../../components/search-box.js';
import { SearchCapNote } from '../../../components/search-cap-note.js';
import { isApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import { useCan } from '../../../lib/use-can.js';
import { useDeliverOrder, useShipOrder, useTrackedOrderCount, useTrackedOrders, type TrackingStatus } from '../api/orders.js';
import { ListPager } from '../components/list-pager.js';
import { TableRows } from '../../../components/paged-table.js';
import { TrackingRow } from '../components/tracking-row.js';
import { BackButton } from '../../../components/back-links.js';

const COLUMNS = ['OrderDate', 'OrderId', 'Customer Details', 'Product', 'Quantity', 'Status', 'Delivery Person', 'Delivery Contact', 'Action'];
const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: s }))];

function Tracking() {
  const can = useCan();
  const canEdit = can('OrderEdit');
  const [status, setStatus] = useState<TrackingStatus>('all');
  const [mobile, setMobile] = useState('');
  const [page, setPage] = useState(1);
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const orders = useTrackedOrders(status, mobile, page);
  const count = useTrackedOrderCount(status, mobile);
  const ship = useShipOrder();
  const deliver = useDeliverOrder();
  const total = count.data ?? 0;
  const busyId = ship.isPending ? ship.variables?.customerCartId : deliver.isPending ? deliver.variables?.customerCartId : undefined;

  const failed = (error: unknown) => setProblem(isApiError(error) ? error.message : errorText(error));

  const onShip = (order: OrderRow, deliveryPerson: string, deliveryContact: string) => {
    setProblem(undefined);
    setNotice(undefined);
    ship.mutate(
      { customerCartId: order.customerCartId, version: order.version, deliveryPerson, deliveryContact },
      { onSuccess: () => setNotice(`${order.productName} shipped with ${deliveryPerson}.`), onError: failed },
    );
  };
  const onDeliver = (order: OrderRow) => {
    setProblem(undefined);
    setNotice(undefined);
    deliver.mutate(
      { customerCartId: order.customerCartId, version: order.version },
      { onSuccess: () => setNotice(`${order.productName} delivered.`), onError: failed },
    );
  };

  return (
    <>
      <Group align="flex-start" gap="md" wrap="wrap">
        <NativeSelect
          label="Status"
          data={STATUS_OPTIONS}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as TrackingStatus);
            setPage(1);
          }}
          w={200}
        />
        <Group flex={1} miw={260} pt={{ base: 0, sm: 25 }}>
          <SearchBox
            label="Search by mobile number"
            placeholder="Mobile number"
            onSearch={(text) => {
              if (!isMobileSearch(text)) {
                setProblem(MOBILE_SEARCH);
                return;
              }
              setProblem(undefined);
              setMobile(text);
              setPage(1);
            }}
            onClear={() => {
              setMobile('');
              setPage(1);
            }}
          />
          <SearchCapNote search={mobile} total={count.data} records="order mobile numbers" narrow="of the number" />
        </Group>
      </Group>
      {problem && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(undefined)}>
          {problem}
        </Alert>
      )}
      {notice && (
        <Alert color="green" role="status" withCloseButton onClose={() => setNotice(undefined)}>
          {notice}
        </Alert>
      )}
      <Paper withBorder>
        <Table.ScrollContainer minWidth={1100}>
          <Table striped verticalSpacing="sm" aria-label="Orders">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c} scope="col" ta={c === 'Quantity' ? 'right' : undefined}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableRows
                loading={orders.isPending}
                rows={orders.data}
                span={COLUMNS.length}
                empty={mobile ? `No order of a customer whose mobile starts with ${mobile}.` : 'No orders to show.'}
              >
                {(order) => (
                  <TrackingRow
                    // A new version remounts the row, so a shipped order's inputs do not linger.
                    key={`${order.customerCartId}-${order.version}`}
                    order={order}
                    canEdit={canEdit}
                    busy={busyId === order.customerCartId}
                    onShip={onShip}
                    onDeliver={onDeliver}
                  />
                )}
              </TableRows>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group px="md" py="sm" display="block">
          <ListPager label="Orders" page={page} total={total} onChange={setPage} />
        </Group>
      </Paper>
    </>
  );
}

/**
 * Customer order tracking (/orderTracking, spec 1 section 2, staff): the shop's online orders newest first, by
 * status or by the customer's mobile number, pages of 5; Ship an OrderSuccess order with its delivery person and
 * contact, Deliver a Shipped one.
 */
export default function OrderTracking() {
  return (
    <Page
      title="Customer Order Tracking"
      size="xl"
      actions={
        <BackButton />
      }
    >
      <RequireFeature anyOf={['OrderList', 'OrderEdit']} what="customer order tracking">
        <Tracking />
      </RequireFeature>
    </Page>
  );
}
