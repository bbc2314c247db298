import { Alert, Anchor, Button, Center, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { addressLine } from '../../../../../shared/address.js';
import { formatDate, formatRupees } from '../../../../../shared/format.js';
import { STOCK_SHORT, type CartSummaryView } from '../../../../../shared/schemas/cart.js';
import {
  CART_EMPTY,
  CURRENCY,
  ORDER_CREATION_FAILED,
  PAYMENT_FAILED,
  RECEIPT,
  SDK_LOAD_FAILED,
  shippingAddress,
  type PaymentStatus,
  type ShippingAddressBody,
} from '../../../../../shared/schemas/payment.js';
import { useZodForm } from '../../../components/form-fields.js';
import { MessageModal } from '../../../components/message-modal.js';
import { Page } from '../../../components/page.js';
import { isApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import { useSession } from '../../../lib/session.js';
import { cartKeys, useCartSummary } from '../api/cart.js';
import { createPaymentOrder, orderKeys, recordCheckoutResult, useOwnCustomer } from '../api/orders.js';
import { ShippingAddressFields, shippingAddressOf } from '../components/shipping-address-fields.js';
import { loadCheckoutScript, type RazorpayFailure, type RazorpaySuccess } from '../components/razorpay.js';

type Phase = 'idle' | 'starting' | 'open' | 'confirming';

interface Outcome {
  tone: 'success' | 'failure' | 'notice';
  title: string;
  detail?: ReactNode;
}

function SummaryRow({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} ta="right" aria-label={label} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * Checkout (/payment, spec 1 sections 2, 4, 7, 9): the order summary figured by the server (tax shown, delivery
 * charge ₹100, saved amount, delivery date two days on, payable), Pay through Razorpay's checkout and the outcome.
 * Pay stays disabled with 'Few product(s) out of stock, please re-visit your cart' while the shelf is short; it is
 * gone once paid, and Cancel becomes Back.
 */
export default function Checkout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const customer = session?.customer;
  const summaryQuery = useCartSummary();
  // The customer record as stored now (the session's copy predates the last order's address).
  const ownRecord = useOwnCustomer(session?.user?.appUserId);
  const shipping = useZodForm(shippingAddress, { defaultValues: shippingAddressOf(customer) });
  const storedAddress = ownRecord.data;
  useEffect(() => {
    if (storedAddress && !shipping.formState.isDirty) shipping.reset(shippingAddressOf(storedAddress));
  }, [storedAddress, shipping]);
  const [phase, setPhase] = useState<Phase>('idle');
  const [status, setStatus] = useState<PaymentStatus>('Pending');
  /** The summary that was paid: the cart empties once the order is made, the figures stay on the screen. */
  const [paid, setPaid] = useState<CartSummaryView>();
  /** Where the order being paid goes: once paid, the summary's address is this one, not the profile's. */
  const [shippedTo, setShippedTo] = useState<ShippingAddressBody>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [modal, setModal] = useState<string>();

  const summary = paid ?? summaryQuery.data;
  const isPaid = status === 'Paid';
  const empty = !paid && summary !== undefined && summary.lines === 0;
  const short = !paid && summary?.stockShort === true;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: cartKeys.all(customer?.customerId ?? 0) }),
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    ]);

  const confirm = async (response: RazorpaySuccess, shown: CartSummaryView) => {
    setPhase('confirming');
    try {
      const result = await recordCheckoutResult({ payment: response, status: 'Paid' });
      setStatus(result.status);
      if (result.status === 'Paid') {
        setPaid(shown);
        setOutcome({ tone: 'success', title: result.message, detail: result.paymentId ? `Payment Id: ${result.paymentId}` : undefined });
      } else if (result.status === 'Failed') {
        setOutcome({ tone: 'failure', title: result.message, detail: result.description });
      } else {
        setOutcome({ tone: 'notice', title: result.message, detail: result.paymentId ? `Payment Id: ${result.paymentId}` : undefined });
      }
    } catch (error) {
      setOutcome({ tone: 'notice', title: errorText(error), detail: `Payment Id: ${response.razorpay_payment_id}` });
    } finally {
      setPhase('idle');
      void refresh();
    }
  };

  const fail = async (orderId: string, response: RazorpayFailure) => {
    setPhase('idle');
    setStatus('Failed');
    setOutcome({ tone: 'failure', title: PAYMENT_FAILED, detail: response.error?.description });
    try {
      await recordCheckoutResult({ payment: { razorpay_order_id: orderId, error: response.error }, status: 'Failed' });
    } catch {
      // The failure shown is the provider's own; the record of it is the server's concern (the webhook never
      // reports failures), and the cart is unchanged either way.
    }
  };

  const pay = async (shipTo: ShippingAddressBody) => {
    if (!summary || !customer) return;
    setPhase('starting');
    setOutcome(undefined);
    let order;
    try {
      order = await createPaymentOrder({ amount: summary.payable, currency: CURRENCY, receipt: RECEIPT, shippingAddress: shipTo });
    } catch (error) {
      setPhase('idle');
      setModal(isApiError(error) && error.status === 502 ? ORDER_CREATION_FAILED : errorText(error));
      // The amount or the shelf may have changed meanwhile: show the summary as it is now.
      void summaryQuery.refetch();
      return;
    }
    if (order.status !== 'created') {
      setPhase('idle');
      setModal(ORDER_CREATION_FAILED);
      return;
    }
    const loaded = await loadCheckoutScript(order.checkoutUrl);
    if (!loaded || !window.Razorpay) {
      setPhase('idle');
      setModal(SDK_LOAD_FAILED);
      return;
    }
    const shown = summary;
    setShippedTo(shipTo);
    const checkout = new window.Razorpay({
      key: order.key,
      amount: order.amount,
      currency: order.currency,
      name: order.name,
      description: RECEIPT,
      order_id: order.id,
      prefill: order.prefill,
      theme: { color: '#1c7ed6' },
      handler: (response) => void confirm(response, shown),
      modal: { ondismiss: () => setPhase('idle') },
    });
    checkout.on('payment.failed', (response) => void fail(order.id, response));
    setPhase('open');
    checkout.open();
  };

  return (
    <Page title="Checkout" size="sm">
      {outcome && (
        <Alert
          color={outcome.tone === 'success' ? 'green' : outcome.tone === 'failure' ? 'red' : 'yellow'}
          title={outcome.title}
          role="alert"
        >
          {outcome.detail}
          {outcome.tone === 'success' && (
            <Text size="sm" mt={4}>
              Follow it on{' '}
              <Anchor component={Link} to="/order">
                Your Orders
              </Anchor>
              .
            </Text>
          )}
        </Alert>
      )}
      <Paper withBorder p="md" component="section" aria-label="Order Summary">
        <Stack gap="xs">
          <Text fw={700} size="lg" component="h2" m={0}>
            Order Summary
          </Text>
          <SummaryRow label="E-mail">{customer?.emailId || '—'}</SummaryRow>
          <SummaryRow label="Mobile Number">{customer?.mobileNumber ?? '—'}</SummaryRow>
          <SummaryRow label="Address">{(isPaid && shippedTo ? addressLine(shippedTo) : customer?.address) || '—'}</SummaryRow>
          <Divider my={4} />
          {summaryQuery.isPending && !paid ? (
            <Center py="md">
              <Loader size="sm" aria-label="Loading" />
            </Center>
          ) : summary ? (
            <>
              <SummaryRow label="Items">{summary.items}</SummaryRow>
              <SummaryRow label="Price of Items">{formatRupees(summary.subtotal)}</SummaryRow>
              <SummaryRow label="Tax">{formatRupees(summary.tax)}</SummaryRow>
              <SummaryRow label="Delivery Charge">{formatRupees(summary.deliveryCharge)}</SummaryRow>
              <SummaryRow label="Saved Amount">{formatRupees(summary.saved)}</SummaryRow>
              <SummaryRow label="Status">{status}</SummaryRow>
              <SummaryRow label="Delivery Date">{formatDate(summary.deliveryDate)}</SummaryRow>
              <Divider my={4} />
              <SummaryRow label="Payable Amount" strong>
                {formatRupees(summary.payable)}
              </SummaryRow>
              <Text size="xs" c="dimmed">
                Prices include GST; the tax is shown for your records.
              </Text>
            </>
          ) : null}
          {short && (
            <Text c="red" fw={500} role="alert">
              {summary?.message ?? STOCK_SHORT}
            </Text>
          )}
          {empty && <Text c="dimmed">{CART_EMPTY}</Text>}
        </Stack>
      </Paper>
      {!isPaid && <ShippingAddressFields control={shipping.control} disabled={phase !== 'idle'} />}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => navigate('/cart')} disabled={phase === 'confirming'}>
          {isPaid ? 'Back' : 'Cancel'}
        </Button>
        {!isPaid && (
          <Button onClick={() => void shipping.handleSubmit(pay)()} disabled={!summary || short || empty || phase !== 'idle'} loading={phase === 'starting' || phase === 'confirming'}>
            Pay
          </Button>
        )}
      </Group>
      {phase === 'confirming' && (
        <Text size="sm" c="dimmed" ta="center" role="status">
          Confirming your payment…
        </Text>
      )}
      <MessageModal opened={modal !== undefined} title="Payment" message={modal ?? ''} onClose={() => setModal(undefined)} />
    </Page>
  );
}

