import { ActionIcon, Alert, Button, Center, Checkbox, Group, List, Loader, Paper, Radio, SimpleGrid, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconEraser, IconPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { BillFigures } from '../../../../../shared/bill.js';
import { supplyOf } from '../../../../../shared/gst.js';
import { formatPaise, formatRupees } from '../../../../../shared/format.js';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import type { Receipt } from '../../../../../shared/schemas/purchase.js';
import type { InventorySuggestion } from '../../../../../shared/schemas/inventory.js';
import type { PaymentMode, Purchase, PurchaseDetail } from '../../../../../shared/schemas/purchase.js';
import { BILL_NOT_FOUND, TOO_MANY_LINES, editRefusal } from '../../../../../shared/schemas/purchase-messages.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { isApiError } from '../../../lib/api-client.js';
import { setBillInProgress } from '../../../lib/bill-in-progress.js';
import { useSession } from '../../../lib/session.js';
import { useCan } from '../../../lib/use-can.js';
import { sendReceiptOnWhatsApp, useBill, useSaveBill } from '../api/billing.js';
import {
  billBody,
  billFigures,
  calculateProblem,
  canAddRow,
  chooseProduct,
  emptyRow,
  newSaveKey,
  problemsLeft,
  redeemOffered,
  rowDiscount,
  startingRows,
  stockMessages,
  type BillRow,
  type CalculateProblem,
} from '../components/bill-rows.js';
import lines from '../components/bill-lines.module.css';
import { CustomerBox } from '../components/customer-box.js';
import { ProductCell } from '../components/product-cell.js';
import { focusedRowKey, TILL_KEYS, TillKeysLegend, useFocusRequest, useTillKeys } from '../components/till-keys.js';
import { loadReceiptDialog, ReceiptModal } from '../components/receipt-modal.js';
import { draftOfTenders, TenderPanel, tenderDraftProblem, tendersBody, tendersOfDraft, upiAmountOf, upiReference } from '../components/tender-panel.js';
import { shopPayee } from '../../../../../shared/upi.js';
import { useTillUpi } from '../api/till-upi-setup.js';
import { LocalCopyAge } from '../offline/local-copy-age.js';
import { keepAccount, knownOffline, tillTenant } from '../offline/local-copy.js';
import { describeDifference } from '../offline/fix-bill.js';
import { openRefusedBill, type FixOpening } from '../offline/fix-bill-opening.js';
import { keepOfflineBill, RefusedOnDevice, resendFixedBill } from '../offline/keep-offline-bill.js';
import { noteCallFailure } from '../offline/till-queue.js';
import { onAccountOf } from '../../../../../shared/tenders.js';
import { useCustomerAccount } from '../api/account.js';
import { AccountAtTill } from '../components/account-at-till.js';

/** Calculate's message dialog, loaded the first time a bill has something to put right. */
export const loadBillProblemDialog = () => import('../components/bill-problem-dialog.js');
const BillProblemDialog = lazy(loadBillProblemDialog);
/** Razorpay's UPI QR code after a bill is saved: loaded only by shops that take UPI that way, when first needed. */
const RazorpayUpiDialog = lazy(() => import('../components/razorpay-upi.js'));

/** The rows of a bill being edited: its lines, their units counting as stock for them. */
function rowsOf(purchase: Purchase): BillRow[] {
  const rows = purchase.purchasedProduct.map((line) => ({
    ...emptyRow(),
    product: {
      productId: line.productId,
      productName: line.productName,
      artcode: line.artcode,
      mrp: line.price,
      cgst: line.cgst,
      sgst: line.sgst,
      stockId: line.stockId,
      inventoryId: line.productInventoryId,
      quantity: 0,
    },
    quantity: String(line.quantity),
    rate: String(line.sellingPrice),
    purchasedProductId: line.purchasedProductId,
    billedQuantity: line.quantity,
    stockUnknown: true,
  }));
  return canAddRow(rows) ? [...rows, emptyRow()] : rows;
}

/** The customer of a bill being edited, with the points they held before it (what the edit may redeem). */
function customerOf(purchase: Purchase & { redeemablePoints?: number }): Customer {
  return {
    customerId: purchase.customerId,
    customerName: purchase.customerName,
    mobileNumber: purchase.mobileNumber,
    emailId: purchase.emailId,
    address: purchase.address,
    creditPoints: purchase.redeemablePoints ?? purchase.customerCreditPoints,
  } as Customer;
}

const UPDATE_TITLE = 'Update Products';
const FIX_TITLE = 'Fix and resend';
const NOT_KEPT = 'No network, and the bill could not be kept on this device. Nothing was saved; try Save again.';
const KEPT_OFFLINE = 'No network: the bill is kept on this device and will be sent when the network is back.';

/**
 * Place Order (spec 2 sections 2, 4 and 5). `/purchaseUpdated/new` and `/purchaseEdit/new` start a new bill;
 * `/purchaseEdit/{id}` edits bill {id}: the bill passed in navigation state by the order lists' Edit, or else the
 * bill read from the server. The state is used once and then dropped from the history entry, so a reload or a Back
 * to this address reads the bill as it is then rather than an old copy the server would refuse. `/purchaseUpdated/new`
 * with state `{ fix: key }` (Bills on this device) opens the refused bill of this device's queue under that key, to
 * be fixed and sent again as the same bill.
 */
export default function PlaceOrder() {
  const can = useCan();
  const { id } = useParams();
  if (can('PurchaseEdit')) return <PlaceOrderOf id={id} />;
  const editing = id !== undefined && id !== 'new';
  return (
    <Page title={editing ? UPDATE_TITLE : 'Add Products'} description={editing ? `Bill ${id}` : 'Place Order'} size="xl">
      <RequireFeature anyOf={['PurchaseEdit']} what="placing or changing bills">
        {null}
      </RequireFeature>
    </Page>
  );
}

function PlaceOrderOf({ id }: { id: string | undefined }) {
  const location = useLocation();
  const navigate = useNavigate();
  const billId = id !== undefined && /^\d+$/.test(id) && Number(id) > 0 ? Number(id) : undefined;
  const [passed] = useState(() => {
    const purchase = (location.state as { purchase?: PurchaseDetail } | null)?.purchase;
    return purchase && (billId === undefined || purchase.purchaseId === billId) ? purchase : undefined;
  });
  const [fixKey] = useState(() => (location.state as { fix?: unknown } | null)?.fix);
  const [opened, setOpened] = useState<PurchaseDetail | undefined>(passed);
  const wanted = opened ? undefined : billId;
  const bill = useBill(wanted);
  // The first answer read after opening (never a copy cached by a list) becomes the bill on screen, once.
  if (!opened && bill.data && !bill.isFetching) setOpened(bill.data);

  useEffect(() => {
    if (passed) void navigate(location.pathname, { replace: true, state: null });
    // Only on opening: the bill stays in this screen's state.
  }, []);

  if (opened) {
    const refusal = editRefusal(opened);
    if (refusal) return <NotEditable purchaseId={opened.purchaseId} message={refusal} />;
    return <BillForm key={opened.purchaseId} editing={opened} />;
  }
  if (billId !== undefined) {
    if (bill.isError) return <NotEditable purchaseId={billId} message={isApiError(bill.error) ? bill.error.message : 'The bill could not be loaded.'} />;
    return (
      <Page title={UPDATE_TITLE} description={`Bill ${billId}`} size="xl">
        <Center py="xl">
          <Loader aria-label="Loading the bill" />
        </Center>
      </Page>
    );
  }
  if (id !== undefined && id !== 'new') return <NotEditable purchaseId={id} message={BILL_NOT_FOUND} />;
  if (typeof fixKey === 'string') return <FixRefusedBill fixKey={fixKey} />;
  return <NewBills />;
}

/** New bills one after another: a bill kept offline leaves a fresh form behind it rather than the order list. */
function NewBills() {
  const [count, setCount] = useState(0);
  return <BillForm key={count} onKeptOffline={() => setCount((n) => n + 1)} />;
}

/** A refused bill of this device, recomputed with what the shop holds now, on the form to be fixed and resent. */
function FixRefusedBill({ fixKey }: { fixKey: string }) {
  const opening = useQuery({
    queryKey: ['deviceFix', fixKey],
    queryFn: () => openRefusedBill(fixKey),
    // Read once on opening: the form then belongs to the cashier.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    networkMode: 'always',
    meta: { handlesOwnErrors: true },
  });
  if (opening.data) return <BillForm fixing={opening.data} />;
  return (
    <Page title={FIX_TITLE} description="A bill the server refused" size="xl">
      {opening.isError ? (
        <Alert color="red" variant="light" role="alert">
          {opening.error instanceof Error ? opening.error.message : 'The bill could not be opened.'}
        </Alert>
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading the bill" />
        </Center>
      )}
      {opening.isError && (
        <Group>
          <Button component={Link} to="/purchase/queue" variant="default">
            Bills on this device
          </Button>
        </Group>
      )}
    </Page>
  );
}

/** What the fixed bill changes against the bill as it was made, each difference on its own line. */
function Differences({ fixing }: { fixing: FixOpening }) {
  return (
    <Alert color="orange" variant="light" title={`Refused bill ${fixing.bill.provisionalNumber}: what differs now`}>
      <Stack gap={4}>
        {fixing.differences.length === 0 ? (
          <Text size="sm">Nothing differs any more: the shop holds what the bill asks. Calculate and Save to send it again.</Text>
        ) : (
          <List size="sm" aria-label="What differs">
            {fixing.differences.map((d, i) => (
              <List.Item key={`${d.kind}|${i}`}>{describeDifference(d)}</List.Item>
            ))}
          </List>
        )}
        <Text size="xs" c="dimmed">
          {fixing.fromDevice ? 'Figures from this device (no answer from the server).' : 'Figures from the server now.'} Save sends the bill again under its
          provisional number, on the day it was made.
        </Text>
      </Stack>
    </Alert>
  );
}

/** A bill that cannot be opened for editing: unknown, or one the server would refuse to change (its message). */
function NotEditable({ purchaseId, message }: { purchaseId: number | string; message: string }) {
  return (
    <Page title={UPDATE_TITLE} description={`Bill ${purchaseId}`} size="xl">
      <Alert color="red" variant="light" role="alert">
        {message}
      </Alert>
      <Group>
        <Button component={Link} to="/purchase" variant="default">
          Order List
        </Button>
        <Button component={Link} to="/purchaseUpdated/new">
          Place Order
        </Button>
      </Group>
    </Page>
  );
}

/**
 * The bill: the customer, the product rows, Calculate, then redeem/print/mail and Save (POST, or PUT for `editing`).
 * Every figure is shared/bill.ts's, the arithmetic the server repeats; a refusal keeps the bill on screen.
 */
function BillForm({ editing, fixing, onKeptOffline }: { editing?: PurchaseDetail; fixing?: FixOpening; onKeptOffline?: () => void }) {
  const navigate = useNavigate();
  const session = useSession();
  const [provisional, setProvisional] = useState<{ receipt: Receipt; provisionalNumber: string }>();
  const [customer, setCustomer] = useState<Customer | null>(() => (editing ? customerOf(editing) : (fixing?.customer ?? null)));
  const [rows, setRows] = useState<BillRow[]>(() => (editing ? rowsOf(editing) : (fixing?.rows ?? startingRows())));
  const [paymentMode, setPaymentMode] = useState<PaymentMode>(editing?.paymentMode ?? fixing?.paymentMode ?? 'Cash');
  const [calculated, setCalculated] = useState<BillFigures | null>(null);
  // An edited bill starts from its saved parts; its last part is the rest, on its Bill Type's method.
  const [tenderDraft, setTenderDraft] = useState(() => draftOfTenders(editing?.tenders, editing?.paymentMode ?? 'Cash'));
  // The customer's account: a part of the bill may go on it, with a manager's code past the limit.
  const account = useCustomerAccount(customer);
  const [accountApproval, setAccountApproval] = useState('');
  const [problem, setProblem] = useState<CalculateProblem>();
  // Calculate's message is told in a dialog with OK (spec 2 section 8); the row's own message stays until fixed.
  const [problemShown, setProblemShown] = useState(false);
  const [redeem, setRedeem] = useState(false);
  const [print, setPrint] = useState(!fixing);
  const [mail, setMail] = useState(false);
  const [whatsApp, setWhatsApp] = useState(false);
  const [afterSave, setAfterSave] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [savedId, setSavedId] = useState<number>();
  // One key for this screen's save: a retry after a lost answer or a second click is the same save to the server.
  // A fixed bill keeps the key it was made with: the server settles the bill it holds under it.
  const [saveKey] = useState(() => fixing?.bill.idempotencyKey ?? newSaveKey());
  // UPI by the shop's QR code, referenced by this save (the invoice number comes with the saved bill).
  // Asked once the bill has a UPI part: whether Razorpay's QR code takes it (else the shop's QR and UPI received).
  const tillUpi = useTillUpi(calculated !== null && upiAmountOf(tendersOfDraft(tenderDraft, paymentMode, calculated.paid)) > 0);
  const upi = { payee: shopPayee(session?.tenant), reference: upiReference(saveKey), razorpay: tillUpi.data?.razorpay === true };
  // A saved bill whose UPI part waits for Razorpay's QR code to be paid: the receipt follows once it is.
  const [upiWaiting, setUpiWaiting] = useState<{ purchaseId: number; label: string }>();
  const [resending, setResending] = useState(false);
  const save = useSaveBill();
  const stock = useMemo(() => stockMessages(rows), [rows]);
  const halfEntered = provisional === undefined && savedId === undefined && (customer !== null || rows.some((r) => r.product));
  useEffect(() => setBillInProgress(halfEntered), [halfEntered]);
  useEffect(() => () => setBillInProgress(false), []);
  const points = customer?.creditPoints;

  /** Any edit of the customer or the rows asks for Calculate again. */
  const edit = (next: BillRow[]) => {
    setRows(next);
    setCalculated(null);
    setRedeem(false);
    setRefusal(undefined);
    // A row's message goes as soon as its value is right, not at the next Calculate.
    setProblem((found) => found && problemsLeft(found, customer !== null, next));
  };
  // A shop not registered for GST issues Bills of Supply: the server charges no tax, so neither does the screen.
  const billOfSupply = session?.tenant?.gstRegistered === false;
  // A registered business of another state (its GSTIN's) is charged IGST, as the server will store the bill.
  const supply = session?.tenant ? supplyOf({ shop: session.tenant, customerGstin: customer?.gstin }).supply : 'intra';
  const editRow = (index: number, change: Partial<BillRow>) => edit(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const focusField = useFocusRequest();
  /** The search of the first empty row, where the next scan goes. */
  const focusNextSearch = (next: BillRow[]) => {
    const empty = next.findIndex((r) => !r.product);
    if (empty !== -1) focusField(`Name/Code, row ${empty + 1}`);
  };
  const choose = (index: number, s: InventorySuggestion) => {
    const next = chooseProduct(rows, index, s, s.sellingPrice);
    edit(next);
    focusNextSearch(next);
  };
  /** The row of `index` goes (the only row is emptied instead), and the focus to the next search. */
  const removeRow = (index: number) => {
    const next = rows.length === 1 ? [{ ...emptyRow(), key: rows[0]!.key }] : rows.filter((_, i) => i !== index);
    edit(next);
    focusNextSearch(next);
  };
  /** The row of the focused field, else the last line with a product. */
  const currentLine = () => {
    const focused = rows.findIndex((r) => r.key === focusedRowKey());
    if (focused !== -1 && rows[focused]!.product) return focused;
    return rows.findLastIndex((r) => r.product);
  };

  const calculate = () => {
    const found = calculateProblem(customer !== null, rows);
    setProblem(found);
    setProblemShown(found !== undefined);
    setRefusal(undefined);
    if (found) return;
    setRedeem(false);
    setCalculated(billFigures(rows, undefined, billOfSupply, supply));
  };

  const toggleRedeem = (on: boolean) => {
    setRedeem(on);
    setCalculated(billFigures(rows, on ? points : undefined, billOfSupply, supply));
  };

  /** No network: the bill is kept on this device (before it is shown as done) and sent when the network is back. */
  const keepOffline = async (body: ReturnType<typeof billBody>, figures: BillFigures, buyer: Customer) => {
    const kept = await keepOfflineBill({ body, figures, customer: buyer, rows, paymentMode, idempotencyKey: saveKey, session: session! });
    setProvisional(kept);
  };

  const submit = async () => {
    if (!calculated || !customer || calculated.totals.gross <= 0 || save.isPending || resending || provisional) return;
    if (tenderDraftProblem(tenderDraft, calculated.paid, paymentMode, upi)) return;
    setRefusal(undefined);
    // The receipt's code arrives while the bill is being saved.
    void loadReceiptDialog();
    const body = {
      ...billBody({
        customer: { customerId: customer.customerId, mobileNumber: customer.mobileNumber, customerName: customer.customerName },
        rows,
        figures: calculated,
        redeem,
        paymentMode,
        print,
        mail,
        version: editing?.version,
        idempotencyKey: saveKey,
      }),
      tenders: tendersBody(tenderDraft, paymentMode, calculated.paid, upi),
      ...(accountApproval ? { accountApproval } : {}),
    };
    const notKept = (message: string) => {
      setRefusal(message);
      setCalculated(null);
    };
    if (fixing) {
      setResending(true);
      const after = await resendFixedBill({ bill: fixing.bill, body, figures: calculated, customer, rows, paymentMode, session: session! }).catch(() => undefined);
      setResending(false);
      if (!after) return notKept(NOT_KEPT);
      // The queue shows what the server answered: sent with its invoice number, refused again, or still waiting.
      void navigate('/purchase/queue');
      return;
    }
    if (!editing && knownOffline()) {
      await keepOffline(body, calculated, customer).catch((e: unknown) => notKept(e instanceof RefusedOnDevice ? e.message : NOT_KEPT));
      return;
    }
    try {
      const saved = await save.mutateAsync({ purchaseId: editing?.purchaseId, body });
      // The device's copy of the account follows the bill, for the next bill made without a network.
      const tenantId = tillTenant();
      if (saved.account && account.data && tenantId) void keepAccount(tenantId, { ...account.data, balance: saved.account.balanceAfter }).catch(() => undefined);
      // The bill is saved: a message that could not go out is told, and the cashier leaves when they have read it.
      const problems = [saved.mailProblem];
      if (whatsApp) {
        await sendReceiptOnWhatsApp(saved.purchaseId, customer.mobileNumber).catch((error: unknown) => {
          problems.push(`WhatsApp: ${isApiError(error) ? error.message : 'the message could not be sent.'}`);
        });
      }
      const told = problems.filter(Boolean).join(' ');
      if (told) setAfterSave(`Bill ${saved.purchaseId} is saved. ${told}`);
      if (upi.razorpay && saved.tenders?.some((t) => t.method === 'upi' && t.pending)) {
        setUpiWaiting({ purchaseId: saved.purchaseId, label: saved.invoiceNumber ?? String(saved.purchaseId) });
        return;
      }
      setSavedId(saved.purchaseId);
    } catch (error) {
      // A new bill that got no answer (or a busy server's) is kept under the same key: if the server did save it,
      // sending it again is answered with that bill, not a second one.
      const message = isApiError(error) ? error.message : 'The bill could not be saved. Check the connection and try again.';
      if (!editing && (noteCallFailure(error) || isApiError(error, 429, 500, 502, 503, 504))) {
        // A device that cannot keep it (no IndexedDB) leaves the bill on screen to be saved again, as before.
        await keepOffline(body, calculated, customer).catch((e: unknown) => notKept(e instanceof RefusedOnDevice ? e.message : message));
        return;
      }
      notKept(message);
    }
  };

  // The receipt stays a second on screen, then the day's order list (spec 2 section 4).
  const leaveSoon = useCallback(() => window.setTimeout(() => navigate('/purchase'), 1000), [navigate]);

  const receiptOpen = savedId !== undefined || provisional !== undefined || upiWaiting !== undefined;
  const upiSettled = useCallback(() => {
    setSavedId(upiWaiting?.purchaseId);
    setUpiWaiting(undefined);
  }, [upiWaiting]);
  const upiLater = useCallback(() => {
    if (upiWaiting) setAfterSave(`Bill ${upiWaiting.label} is saved with its UPI payment to be confirmed: open it from the day's bills when it arrives.`);
    upiSettled();
  }, [upiWaiting, upiSettled]);
  useTillKeys(
    receiptOpen || problemShown
      ? {}
      : {
          quantity: () => {
            const line = currentLine();
            if (line !== -1) focusField(`Quantity, row ${line + 1}`, true);
          },
          remove: () => {
            const line = currentLine();
            if (line !== -1) removeRow(line);
          },
          calculate: calculated ? undefined : calculate,
          save: calculated ? () => void submit() : undefined,
          print: fixing ? undefined : () => setPrint((on) => !on),
        },
  );
  /** OK on Calculate's message: the dialog closes on the first field to put right. */
  const closeProblem = () => {
    setProblemShown(false);
    const first = problem?.rows[0];
    if (first) focusField(`${first.field === 'quantity' ? 'Quantity' : 'Rate'}, row ${first.index + 1}`, true);
  };

  const rowError = (index: number, field: 'quantity' | 'rate') => problem?.rows.find((p) => p.index === index && p.field === field)?.message;
  const figures = calculated;

  return (
    <Page
      title={editing ? UPDATE_TITLE : fixing ? FIX_TITLE : 'Add Products'}
      description={editing ? `Bill ${editing.purchaseId}` : fixing ? `Refused bill ${fixing.bill.provisionalNumber}` : 'Place Order'}
      size="xl"
    >
      {!editing && <LocalCopyAge />}
      {fixing && <Differences fixing={fixing} />}
      <CustomerBox customer={customer} locked={editing !== undefined || (fixing !== undefined && fixing.customer !== null)} onCustomer={(c) => { setCustomer(c); setCalculated(null); setRedeem(false); if (c) focusNextSearch(rows); }} />
      <Paper withBorder p="md" radius="md">
        <Table.ScrollContainer minWidth={0}>
          <Table verticalSpacing="xs" aria-label="Products" className={lines.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>No.</Table.Th>
                <Table.Th>Name/Code</Table.Th>
                <Table.Th>GST</Table.Th>
                <Table.Th>Quantity</Table.Th>
                <Table.Th>MRP</Table.Th>
                <Table.Th>Rate</Table.Th>
                <Table.Th>Discount</Table.Th>
                <Table.Th>Net Price</Table.Th>
                <Table.Th aria-label="Row actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => {
                const n = index + 1;
                const discount = rowDiscount(row);
                const net = calculated && row.product ? calculated.lines[rows.slice(0, index).filter((r) => r.product).length]?.net : undefined;
                const stockMessage = row.stockUnknown ? undefined : stock[index];
                return (
                  <Table.Tr key={row.key} data-row-key={row.key}>
                    <Table.Td className={lines.no}>{n}</Table.Td>
                    <Table.Td className={lines.name}>
                      {row.product ? (
                        <Stack gap={0}>
                          <Text size="sm" fw={500}>
                            {row.product.productName}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {row.product.artcode}
                          </Text>
                        </Stack>
                      ) : (
                        <ProductCell row={n} autoFocus={index === rows.findIndex((r) => !r.product) && index > 0} onChoose={(s) => choose(index, s)} />
                      )}
                    </Table.Td>
                    <Table.Td className={lines.gst} data-caption="GST">{row.product ? `${row.product.cgst + row.product.sgst}%` : ''}</Table.Td>
                    <Table.Td className={`${lines.entry} ${lines.quantity}`}>
                      <TextInput
                        aria-label={`Quantity, row ${n}`}
                        size="sm"
                        inputMode="numeric"
                        value={row.quantity}
                        disabled={!row.product}
                        error={rowError(index, 'quantity') ?? stockMessage}
                        onChange={(e) => editRow(index, { quantity: e.currentTarget.value })}
                        onKeyDown={(e) => {
                          if (e.key !== 'Enter') return;
                          e.preventDefault();
                          focusNextSearch(rows);
                        }}
                      />
                    </Table.Td>
                    <Table.Td className={lines.mrp} data-caption="MRP">{row.product ? formatRupees(row.product.mrp) : ''}</Table.Td>
                    <Table.Td className={`${lines.entry} ${lines.rate}`}>
                      <TextInput
                        aria-label={`Rate, row ${n}`}
                        size="sm"
                        inputMode="decimal"
                        value={row.rate}
                        disabled={!row.product}
                        error={rowError(index, 'rate')}
                        onChange={(e) => editRow(index, { rate: e.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td className={lines.discount} data-caption="Discount" aria-label={`Discount, row ${n}`}>
                      {discount === undefined ? '' : `${discount}%`}
                    </Table.Td>
                    <Table.Td className={lines.net} data-caption="Net" aria-label={`Net Price, row ${n}`}>
                      {net === undefined ? '' : formatPaise(net)}
                    </Table.Td>
                    <Table.Td className={lines.actions}>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label="Clear row">
                          <ActionIcon variant="subtle" aria-label={`Clear row ${n}`} onClick={() => edit(rows.map((r, i) => (i === index ? { ...emptyRow(), key: r.key } : r)))}>
                            <IconEraser size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete row">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete row ${n}`}
                            disabled={rows.length === 1}
                            onClick={() => removeRow(index)}
                          >
                            <IconX size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Button mt="sm" variant="light" leftSection={<IconPlus size={16} />} disabled={!canAddRow(rows)} onClick={() => edit([...rows, emptyRow()])}>
          Add row
        </Button>
        {!canAddRow(rows) && (
          <Text size="sm" c="dimmed" mt={4}>
            {TOO_MANY_LINES}
          </Text>
        )}
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label="Tax" value={figures ? formatPaise(figures.totals.tax) : ''} note={figures ? (supply === 'inter' ? `IGST ${formatPaise(figures.totals.igst)}` : `CGST ${formatPaise(figures.totals.cgst)} · SGST ${formatPaise(figures.totals.sgst)}`) : undefined} />
            <Figure label="Discount" value={figures ? formatPaise(figures.totals.discount) : ''} />
            <Figure label="Gross Amount" value={figures ? formatPaise(figures.totals.gross) : ''} />
            <Figure label="Net Amount" value={figures ? formatPaise(figures.paid) : ''} note={figures && figures.redeemed > 0 ? `Redeemed ${formatPaise(figures.redeemed)}` : undefined} />
          </SimpleGrid>
          <Group gap="xl" wrap="wrap">
            <Radio.Group label="Bill Type" value={paymentMode} onChange={(v) => setPaymentMode(v as PaymentMode)}>
              <Group gap="md" mt={4}>
                <Radio value="Cash" label="Cash" />
                <Radio value="Online" label="Online" />
              </Group>
            </Radio.Group>
            <Text size="sm">Credit Points: {customer ? (figures && redeem ? customer.creditPoints - figures.pointsUsed : customer.creditPoints) : ''}</Text>
          </Group>
          {customer && (
            <AccountAtTill
              account={account.data}
              customer={customer}
              onAccount={calculated ? onAccountOf(tendersOfDraft(tenderDraft, paymentMode, calculated.paid)) : 0}
              approval={accountApproval}
              onApproval={setAccountApproval}
            />
          )}
          {refusal && (
            <Alert color="red" variant="light" role="alert" title="The bill was not saved">
              {refusal}
            </Alert>
          )}
          {!calculated ? (
            <Group>
              <Button onClick={calculate} aria-keyshortcuts={TILL_KEYS.calculate}>
                Calculate
              </Button>
            </Group>
          ) : (
            <Stack gap="sm">
              <TenderPanel mode={paymentMode} net={calculated.paid} draft={tenderDraft} onChange={setTenderDraft} upi={upi} onAccount={account.data?.onAccount} />
              <Group gap="lg">
                <Tooltip label="Offered above 100 credit points" disabled={redeemOffered(points)}>
                  <Checkbox label="Redeem" checked={redeem} disabled={!redeemOffered(points)} onChange={(e) => toggleRedeem(e.currentTarget.checked)} />
                </Tooltip>
                {/* A fixed bill goes back to the queue screen, which reprints its receipt; mail is the server's. */}
                {!fixing && <Checkbox label="Print" checked={print} aria-keyshortcuts={TILL_KEYS.print} onChange={(e) => setPrint(e.currentTarget.checked)} />}
                <Checkbox label="Mail" checked={mail} onChange={(e) => setMail(e.currentTarget.checked)} />
                {!fixing && <Checkbox label="WhatsApp" checked={whatsApp} onChange={(e) => setWhatsApp(e.currentTarget.checked)} />}
              </Group>
              <Group>
                <Button onClick={() => void submit()} aria-keyshortcuts={TILL_KEYS.save} loading={save.isPending || resending} disabled={calculated.totals.gross <= 0 || savedId !== undefined || provisional !== undefined || upiWaiting !== undefined || tenderDraftProblem(tenderDraft, calculated.paid, paymentMode, upi) !== undefined}>
                  Save
                </Button>
                <Button variant="default" onClick={() => (fixing ? void navigate('/purchase/queue') : window.location.reload())}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      </Paper>
      <TillKeysLegend print={print} />
      {problemShown && problem !== undefined && (
        <Suspense fallback={null}>
          <BillProblemDialog message={problem.message} onClose={closeProblem} />
        </Suspense>
      )}
      {upiWaiting && (
        <Suspense fallback={null}>
          <RazorpayUpiDialog purchaseId={upiWaiting.purchaseId} billLabel={upiWaiting.label} onDone={upiSettled} onLater={upiLater} />
        </Suspense>
      )}
      <ReceiptModal
        purchaseId={savedId}
        provisional={provisional}
        print={print}
        notice={afterSave ?? (provisional ? KEPT_OFFLINE : undefined)}
        onClose={() => (provisional ? onKeptOffline?.() : navigate('/purchase'))}
        onShown={afterSave || provisional ? undefined : leaveSoon}
      />
    </Page>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} aria-label={label}>
        {value || '—'}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}
