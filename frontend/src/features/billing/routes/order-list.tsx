import { Alert, Button, Center, Group, Loader, Pagination, Paper, Table, Text, TextInput } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { shopDay } from '../../../../../shared/bill.js';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import { PAGE_SIZE } from '../../../../../shared/schemas/common.js';
import { NO_TRANSACTION, noPurchaseOn } from '../../../../../shared/schemas/purchase.js';
import { MessageModal } from '../../../components/message-modal.js';
import { Page } from '../../../components/page.js';
import { SearchBox } from '../../../components/search-box.js';
import { isApiError } from '../../../lib/api-client.js';
import { saveFile } from '../../../lib/save-file.js';
import { exportDay, useDayCount, useDayLines, useDayTotals } from '../api/billing.js';

const COLUMNS = ['Id', 'Date', 'Customer Name', 'Artcode', 'Product Name', 'Payment Mode', 'Order Status', 'Order Qty', 'Return Qty', 'Rate', 'Price'];
const RIGHT = new Set(['Order Qty', 'Return Qty', 'Rate', 'Price']);

/**
 * Today's order list (spec 2 section 2): a day's bill lines, pages of 5, search by product or artcode, a date up to
 * today, the total row over the whole day, Place Order, and the day as PDF or Excel from the server.
 */
export default function OrderList() {
  const navigate = useNavigate();
  const today = shopDay(new Date());
  const [date, setDate] = useState(today);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [dismissed, setDismissed] = useState<string>();
  const [exportProblem, setExportProblem] = useState<string>();
  const lines = useDayLines(date, search, page);
  const count = useDayCount(date, search);
  const totals = useDayTotals(date);
  const total = count.data ?? 0;
  const empty = count.isSuccess && total === 0;

  const download = async (format: 'pdf' | 'xlsx') => {
    setExportProblem(undefined);
    try {
      const { blob, fileName } = await exportDay(date, format);
      const [y, m, d] = date.split('-');
      saveFile(blob, fileName ?? `Purchase_List_${Number(d)}_${Number(m)}_${y}.${format}`);
    } catch (error) {
      setExportProblem(isApiError(error) ? error.message : 'The file could not be downloaded.');
    }
  };

  return (
    <Page
      title="Order List"
      description={`Bills of ${formatDate(date)}`}
      size="xl"
      actions={
        <>
          <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/purchaseUpdated/new')}>
            Place Order
          </Button>
          <Button variant="default" leftSection={<IconFileTypePdf size={16} />} onClick={() => void download('pdf')} disabled={empty}>
            PDF
          </Button>
          <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void download('xlsx')} disabled={empty}>
            Excel
          </Button>
        </>
      }
    >
      <Group align="flex-end" gap="md" wrap="wrap">
        <SearchBox
          label="Search by product or artcode"
          onSearch={(text) => {
            setSearch(text.trim());
            setPage(1);
          }}
          onClear={() => {
            setSearch('');
            setPage(1);
          }}
        />
        <TextInput
          type="date"
          label="Date"
          value={date}
          max={today}
          onChange={(e) => {
            const picked = e.currentTarget.value;
            if (picked && picked <= today) {
              setDate(picked);
              setPage(1);
            }
          }}
        />
      </Group>
      {exportProblem && (
        <Alert color="red" role="alert">
          {exportProblem}
        </Alert>
      )}
      {lines.isError && (
        <Alert color="red" role="alert">
          {isApiError(lines.error) ? lines.error.message : 'The orders could not be loaded.'}
        </Alert>
      )}
      <Paper withBorder>
        <Table.ScrollContainer minWidth={1000}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label="Orders">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c} ta={RIGHT.has(c) ? 'right' : undefined} scope="col">
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.isPending ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>
                    <Center py="lg">
                      <Loader size="sm" aria-label="Loading" />
                    </Center>
                  </Table.Td>
                </Table.Tr>
              ) : lines.data && lines.data.length > 0 ? (
                lines.data.map((row) => (
                  <Table.Tr key={`${row.purchaseId}-${row.purchasedProductId}`}>
                    <Table.Td>{row.purchaseId}</Table.Td>
                    <Table.Td>{formatDate(row.saleDate)}</Table.Td>
                    <Table.Td>{row.customerName.split('@')[0]}</Table.Td>
                    <Table.Td>{row.artcode}</Table.Td>
                    <Table.Td>{row.productName}</Table.Td>
                    <Table.Td>{row.paymentMode}</Table.Td>
                    <Table.Td>{row.status}</Table.Td>
                    <Table.Td ta="right">{row.originalQuantity}</Table.Td>
                    <Table.Td ta="right">{row.returnQuantity}</Table.Td>
                    <Table.Td ta="right">{formatRupees(row.sellingPrice)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(row.purchasedPrice)}</Table.Td>
                  </Table.Tr>
                ))
              ) : (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>
                    <Text c="dimmed" ta="center" py="md">
                      {NO_TRANSACTION}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
            {!search && totals.data && totals.data.rows > 0 && (
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td colSpan={7}>Total</Table.Td>
                  <Table.Td ta="right">{totals.data.orderQuantity}</Table.Td>
                  <Table.Td ta="right">{totals.data.returnQuantity}</Table.Td>
                  <Table.Td />
                  <Table.Td ta="right">{formatRupees(totals.data.price)}</Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" p="sm">
          <Text size="sm" c="dimmed">
            {total === 0 ? 'No rows' : `Rows ${(page - 1) * PAGE_SIZE + 1}–${Math.min(page * PAGE_SIZE, total)} of ${total}`}
          </Text>
          <Pagination total={Math.max(1, Math.ceil(total / PAGE_SIZE))} value={page} onChange={setPage} size="sm" />
        </Group>
      </Paper>
      <MessageModal opened={empty && !search && dismissed !== date} message={noPurchaseOn(formatDate(date))} onClose={() => setDismissed(date)} />
    </Page>
  );
}
