import { Alert, Autocomplete, Box, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconFileSpreadsheet, IconFileTypePdf, IconReceipt, IconSearch, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { shopDay } from '../../../../../shared/bill.js';
import { fileDate } from '../../../../../shared/format.js';
import { MOBILE_INVALID, NO_PURCHASE } from '../../../../../shared/schemas/purchase-messages.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { useListSearch } from '../../../components/list-state.js';
import { MessageModal } from '../../../components/message-modal.js';
import { Page } from '../../../components/page.js';
import { SearchBox } from '../../../components/search-box.js';
import { SearchCapNote } from '../../../components/search-cap-note.js';
import { isApiError } from '../../../lib/api-client.js';
import { saveFile } from '../../../lib/save-file.js';
import { useCan } from '../../../lib/use-can.js';
import { exportCustomer, findCustomer, useBillsOf, useCustomerCount, useCustomerLines, useCustomerTotals, useMobileSuggestions } from '../api/billing.js';
import { EditBillButton } from '../components/edit-bill-button.js';
import { OrderTable } from '../components/order-table.js';

const isMobile = (value: string | undefined): value is string => value !== undefined && /^\d{10}$/.test(value);

/** `Order_<d>_<m>_<y>` of the day the list is taken, as the server names it. */
function orderFileName(format: 'pdf' | 'xlsx') {
  return `Order_${fileDate(shopDay(new Date()))}.${format}`;
}

/**
 * Customer Order List (spec 2 section 2): a customer's bill lines by mobile number (suggested from 5 digits), search
 * by product or artcode, pages of 5, PDF and Excel, and per line Edit (a bill the server lets the till change),
 * Generate Bill and, while units remain with the customer, Return Product. `/customerPurchase/{mobile}` opens a customer's list; `/customerPurchase/new` none.
 */
export default function CustomerOrders() {
  return (
    <Page title="Customer Order List" description="A customer's bills, to bill again or take products back" size="xl">
      <RequireFeature anyOf={['CustomerPurchaseList', 'CustomerOrderList']} what="the customer order list">
        <CustomerOrdersContent />
      </RequireFeature>
    </Page>
  );
}

function CustomerOrdersContent() {
  const { id } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const wanted = id && id !== 'new' ? id : undefined;
  const mobile = isMobile(wanted) ? wanted : undefined;
  const customer = useQuery({ queryKey: ['billing', 'customerOf', mobile], queryFn: () => findCustomer(mobile!), enabled: mobile !== undefined });
  const known = customer.data !== undefined && customer.data !== 'False' ? customer.data : undefined;
  const { search, page, setPage, searchProps } = useListSearch();
  const [dismissed, setDismissed] = useState<string>();
  const [exportProblem, setExportProblem] = useState<string>();
  const listed = known ? mobile : undefined;
  const lines = useCustomerLines(listed, search, page);
  const count = useCustomerCount(listed, search);
  const totals = useCustomerTotals(listed, search);
  const canEdit = can('PurchaseEdit');
  const bills = useBillsOf((lines.data ?? []).map((row) => row.purchaseId), canEdit && lines.data !== undefined && !lines.isPlaceholderData);
  const total = count.data ?? 0;
  const empty = count.isSuccess && total === 0;

  const open = (next: string | undefined) => {
    searchProps.onClear();
    setExportProblem(undefined);
    navigate(`/customerPurchase/${next ?? 'new'}`);
  };

  const download = async (format: 'pdf' | 'xlsx') => {
    if (!listed) return;
    setExportProblem(undefined);
    try {
      const { blob, fileName } = await exportCustomer(listed, format);
      saveFile(blob, fileName ?? orderFileName(format));
    } catch (error) {
      setExportProblem(isApiError(error) ? error.message : 'The file could not be downloaded.');
    }
  };

  return (
    <>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-start" gap="md" wrap="wrap">
          <MobileLookup key={wanted ?? 'new'} initial={wanted ?? ''} invalid={wanted !== undefined && !mobile} onMobile={open} />
          <TextInput label="Customer Name" value={known ? known.customerName.split('@')[0] : ''} readOnly w={260} />
          {known && (
            <Text mt={36} size="sm" c="dimmed">
              Credit Points: {known.creditPoints}
            </Text>
          )}
        </Group>
        {customer.data === 'False' && (
          <Alert color="yellow" variant="light" mt="sm">
            No customer has the mobile number {mobile}.
          </Alert>
        )}
        {customer.isError && (
          <Alert color="red" variant="light" mt="sm" role="alert">
            {isApiError(customer.error) ? customer.error.message : 'The customer could not be looked up.'}
          </Alert>
        )}
      </Paper>

      {listed && (
        <>
          <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
            <Box flex="1 1 300px" maw={480}>
              <SearchBox key={listed} label="Search by product or artcode" placeholder="Product name or artcode" {...searchProps} />
            </Box>
            <Group gap="sm">
              <Button variant="default" leftSection={<IconFileTypePdf size={16} />} onClick={() => void download('pdf')} disabled={empty}>
                PDF
              </Button>
              <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void download('xlsx')} disabled={empty}>
                Excel
              </Button>
            </Group>
          </Group>
          <SearchCapNote search={search} total={count.data} records="bill lines" narrow="of the name or artcode" />
          {exportProblem && (
            <Alert color="red" role="alert">
              {exportProblem}
            </Alert>
          )}
          <OrderTable
            label="Customer Orders"
            rows={lines.data}
            loading={lines.isPending}
            page={page}
            total={total}
            onPageChange={setPage}
            totals={totals.data}
            priceBasis="kept"
            actions={(row) => (
              <>
                {canEdit && <EditBillButton purchaseId={row.purchaseId} bill={bills.get(row.purchaseId)} />}
                {can('ReBill') && (
                  <Button component={Link} to={`/reBill/${row.purchaseId}`} size="compact-sm" variant="light" leftSection={<IconReceipt size={14} />}>
                    Generate Bill
                  </Button>
                )}
                {row.quantity > 0 && can('ProductReturn', 'PurchaseReturn') && (
                  <Button
                    component={Link}
                    to={`/productReturn/${row.purchaseId}`}
                    size="compact-sm"
                    variant="light"
                    color="orange"
                    leftSection={<IconArrowBackUp size={14} />}
                  >
                    Return Product
                  </Button>
                )}
              </>
            )}
          />
        </>
      )}
      <MessageModal opened={empty && !search && dismissed !== listed} message={NO_PURCHASE} onClose={() => setDismissed(listed)} />
    </>
  );
}

/** The mobile number box: suggestions from 5 digits; 10 digits (typed or picked) open that customer's list. */
function MobileLookup({ initial, invalid, onMobile }: { initial: string; invalid: boolean; onMobile: (mobile: string | undefined) => void }) {
  const [mobile, setMobile] = useState(initial);
  const [error, setError] = useState<string | undefined>(invalid ? MOBILE_INVALID : undefined);
  const suggestions = useMobileSuggestions(/^\d+$/.test(mobile) ? mobile : '');
  const chosen = isMobile(initial) && mobile === initial;

  const lookUp = (value: string) => {
    if (!isMobile(value)) {
      setError(MOBILE_INVALID);
      return;
    }
    setError(undefined);
    onMobile(value);
  };

  return (
    <Autocomplete
      label="Mobile Number"
      size="md"
      placeholder="10 digits"
      inputMode="numeric"
      maxLength={10}
      value={mobile}
      data={mobile.length >= 5 && !chosen ? (suggestions.data ?? []) : []}
      error={error}
      w={220}
      onChange={(value) => {
        const digits = value.replace(/\D/g, '').slice(0, 10);
        setMobile(digits);
        setError(undefined);
        if (digits.length === 10 && digits !== initial) lookUp(digits);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          lookUp(mobile);
        }
      }}
      rightSection={
        chosen ? (
          <IconX size={16} aria-label="Clear customer" role="button" style={{ cursor: 'pointer' }} onClick={() => onMobile(undefined)} />
        ) : (
          <IconSearch size={16} aria-label="Search customer" role="button" style={{ cursor: 'pointer' }} onClick={() => lookUp(mobile)} />
        )
      }
      rightSectionPointerEvents="all"
    />
  );
}
