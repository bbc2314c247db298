import { Alert, Box, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { shopDay } from '../../../../../shared/bill.js';
import { fileDate, formatDate } from '../../../../../shared/format.js';
import { noPurchaseOn } from '../../../../../shared/schemas/purchase-messages.js';
import { useListSearch } from '../../../components/list-state.js';
import { MessageModal } from '../../../components/message-modal.js';
import { Page } from '../../../components/page.js';
import { SearchBox } from '../../../components/search-box.js';
import { SearchCapNote } from '../../../components/search-cap-note.js';
import { isApiError } from '../../../lib/api-client.js';
import { saveFile } from '../../../lib/save-file.js';
import { useCan } from '../../../lib/use-can.js';
import type { SalesSummary } from '../../../../../shared/schemas/figures.js';
import { exportDay, useBillsOf, useDayCount, useDayFigures, useDayLines, useDayTotals } from '../api/billing.js';
import { EditBillButton } from '../components/edit-bill-button.js';
import { Figure } from '../components/figure.js';
import { OrderTable } from '../components/order-table.js';
import { DateField } from '../../../components/date-field.js';

/**
 * Today's order list (spec 2 section 2): a day's bill lines, pages of 5, search by product or artcode, a date up to
 * today, the total row over every line listed (the whole day, or the day's matches while searching), Place Order, and
 * the day as PDF or Excel from the server. Lines are valued as billed and the day's money sits under them, the same
 * figures as every report and the day's file (shared/figures.ts): a later return counts on the day of its refund. With
 * PurchaseEdit each line offers Edit of its bill when the server would let the till change it.
 */
export default function OrderList() {
  const navigate = useNavigate();
  const today = shopDay(new Date());
  const [date, setDate] = useState(today);
  const { search, page, setPage, searchProps } = useListSearch();
  const [dismissed, setDismissed] = useState<string>();
  const [exportProblem, setExportProblem] = useState<string>();
  const lines = useDayLines(date, search, page);
  const count = useDayCount(date, search);
  const totals = useDayTotals(date, search);
  const figures = useDayFigures(date);
  const canEdit = useCan()('PurchaseEdit');
  const bills = useBillsOf((lines.data ?? []).map((row) => row.purchaseId), canEdit && !lines.isPlaceholderData);
  const total = count.data ?? 0;
  const empty = count.isSuccess && total === 0;

  const download = async (format: 'pdf' | 'xlsx') => {
    setExportProblem(undefined);
    try {
      const { blob, fileName } = await exportDay(date, format);
      saveFile(blob, fileName ?? `Purchase_List_${fileDate(date)}.${format}`);
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
        <Box flex="1 1 300px" maw={480}>
          <SearchBox label="Search by product or artcode" placeholder="Product name or artcode" {...searchProps} />
        </Box>
        <DateField
          label="Date"
          value={date}
          max={today}
          onChange={(picked) => {
            if (picked && picked <= today) {
              setDate(picked);
              setPage(1);
            }
          }}
        />
      </Group>
      <SearchCapNote search={search} total={count.data} records="bill lines" narrow="of the name or artcode" />
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
      <OrderTable
        label="Orders"
        rows={lines.data}
        loading={lines.isPending}
        page={page}
        total={total}
        onPageChange={setPage}
        actions={canEdit ? (row) => <EditBillButton purchaseId={row.purchaseId} bill={bills.get(row.purchaseId)} /> : undefined}
        totals={totals.data}
        priceBasis="billed"
      />
      {figures.data && figures.data.bills.total + figures.data.returnCount > 0 && <DayFigures figures={figures.data} />}
      <MessageModal opened={empty && !search && dismissed !== date} message={noPurchaseOn(formatDate(date))} onClose={() => setDismissed(date)} />
    </Page>
  );
}

/** The day's money, gross, deductions and net side by side, each labelled with what it counts. */
function DayFigures({ figures: f }: { figures: SalesSummary }) {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-label="Figures of the day">
      <Stack gap="xs">
        <Text fw={600}>Figures of the day</Text>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
          <Figure label="Goods billed" value={f.goodsBilled} />
          {f.deliveryCharges ? <Figure label="Delivery charges" value={f.deliveryCharges} /> : null}
          <Figure label="Points redeemed" value={f.pointsRedeemed} />
          <Figure label="Sold (money received)" value={f.sold.total} />
          <Figure label="Returns (refunded this day)" value={f.returns.total} />
          <Figure label="Net sold" value={f.netSold.total} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Price as billed: rate × units billed. Sold = goods billed + storefront delivery charges − points redeemed. Net sold = sold − the refunds made this day; a
          return is counted on the day of its refund, not taken off the day of the bill.
        </Text>
      </Stack>
    </Paper>
  );
}
