import { beforeAll, describe, expect, it } from 'vitest';
import { paymentData } from '../../functions/payments/data.js';
import type { StepEvent } from '../../functions/payments/steps.js';
import { sweepPayments } from '../../functions/payments/sweeper.js';
import { rootLogger } from '../../functions/lib/logger.js';
import { inTenant } from '../../functions/lib/tenant-scope.js';
import { useLocalWorkflows, type WorkflowOutcome } from '../../functions/lib/workflows.js';
import { localWorkflowRunner } from '../../infra/local/step-functions.js';
import { completeCheckout, mustCreateOrder, simState } from './payment-fixtures.js';
import { linesOf, mustAdd, newShopper, stocked, stockOf, type Shopper, type StockedProduct } from './storefront-fixtures.js';

/**
 * Money never sticks: a payment-to-order step that keeps failing (after the state machine's retries) ends the flow
 * in PaymentNeedsAttention with the payment marked, and the sweeper runs the flow again to an order, or to a refund
 * when the stock went meanwhile, once whatever how often it runs. The flow runs in this process on the same ASL as
 * the local stack, with one step broken the way a failing Lambda is.
 */
type Step = StepEvent['step'];
const log = rootLogger.child({ test: 'payment-sweeper' });

/** A runner of the real flow whose `step` throws every time it runs. */
async function runnerBreaking(step: Step) {
  const calls: Step[] = [];
  const runner = await localWorkflowRunner({
    wrapSteps: (handler) => async (event) => {
      const name = (event as unknown as StepEvent).step;
      calls.push(name);
      if (name === step) throw new Error(`${step} failed (injected)`);
      return handler(event);
    },
  });
  return { runner, calls };
}

const marked = async (orderId: string) => (await inTenant('demo', () => paymentData.needingAttention('demo'))).find((m) => m.orderId === orderId);
const stageOf = async (orderId: string) => (await inTenant('demo', () => paymentData.get('demo', orderId)))?.stage;

/** A paid provider order whose result never reached the API (no checkout report, no webhook). */
async function paidOrder(shopper: Shopper, product: StockedProduct, quantity: number) {
  await mustAdd(shopper, product, quantity);
  const order = await mustCreateOrder(shopper);
  const result = await completeCheckout(order.id, 'success', false);
  if (result.kind !== 'success') throw new Error('the simulator refused the payment');
  return { orderId: order.id, paymentId: result.response.razorpay_payment_id, signature: result.response.razorpay_signature };
}

let normal: Awaited<ReturnType<typeof localWorkflowRunner>>;
beforeAll(async () => {
  normal = await localWorkflowRunner();
  useLocalWorkflows(normal);
});

describe('a step that keeps failing', () => {
  it.each<[Step, string]>([
    ['recordPayment', 'Created'],
    ['reserveStock', 'Paid'],
    ['createPurchase', 'Reserved'],
    ['moveCartLines', 'Ordered'],
  ])('%s: the flow ends in PaymentNeedsAttention, the payment marked at stage %s, and the sweeper makes the order once', async (step, stage) => {
    const shopper = await newShopper();
    const [jam] = await stocked([{ quantity: 5, mrp: 120, gst: 12, name: `Sweep Jam ${step}` }]);
    const paid = await paidOrder(shopper, jam, 2);
    const { runner, calls } = await runnerBreaking(step);

    const outcome: WorkflowOutcome = await runner('paymentToOrder', { tenantId: 'demo', ...paid, source: 'checkout' });
    expect(outcome).toMatchObject({ status: 'FAILED', error: 'PaymentNeedsAttention' });
    // Retried before giving up (the ASL's Retry), then the needs-attention step ran.
    expect(calls.filter((c) => c === step).length).toBeGreaterThan(1);
    expect(calls.at(-1)).toBe('needsAttention');
    expect(await marked(paid.orderId)).toMatchObject({ paymentId: paid.paymentId, reason: expect.stringContaining(`${step} failed (injected)`) });
    expect(await stageOf(paid.orderId)).toBe(stage);

    const sweep = await sweepPayments(log);
    expect(sweep.completed).toContain(`demo/${paid.orderId}`);
    expect(await stageOf(paid.orderId)).toBe('Completed');
    expect(await marked(paid.orderId)).toBeUndefined();
    expect(await stockOf(jam)).toBe(3);
    expect(await linesOf(shopper, 'OrderSuccess')).toHaveLength(1);

    // Idempotent: another sweep finds nothing of it and changes nothing.
    const again = await sweepPayments(log);
    expect([...again.completed, ...again.stillStuck]).not.toContain(`demo/${paid.orderId}`);
    expect(await stockOf(jam)).toBe(3);
  });

  it('refundPayment: a payment whose stock went is refunded by the sweeper, once', async () => {
    const shopper = await newShopper();
    const rival = await newShopper();
    const [honey] = await stocked([{ quantity: 1, mrp: 300, gst: 5, name: 'Sweep Honey' }]);
    const paid = await paidOrder(shopper, honey, 1);
    // Someone else buys the last unit first.
    const rivalPaid = await paidOrder(rival, honey, 1);
    expect(await normal('paymentToOrder', { tenantId: 'demo', ...rivalPaid, source: 'checkout' })).toMatchObject({ status: 'SUCCEEDED' });

    const { runner } = await runnerBreaking('refundPayment');
    expect(await runner('paymentToOrder', { tenantId: 'demo', ...paid, source: 'checkout' })).toMatchObject({ status: 'FAILED', error: 'PaymentNeedsAttention' });
    expect(await stageOf(paid.orderId)).toBe('OutOfStock');
    expect(await marked(paid.orderId)).toBeDefined();

    await sweepPayments(log);
    await sweepPayments(log);
    expect(await stageOf(paid.orderId)).toBe('Cancelled');
    const refunds = (await simState()).refunds.filter((r) => r.payment_id === paid.paymentId);
    expect(refunds).toHaveLength(1);
    expect(await stockOf(honey)).toBe(0);
  });

  it('a mark for a payment that is not genuine is dropped, making no order', async () => {
    const shopper = await newShopper();
    const [salt] = await stocked([{ quantity: 3, mrp: 20, gst: 5, name: 'Sweep Salt' }]);
    await mustAdd(shopper, salt, 1);
    const order = await mustCreateOrder(shopper);
    await inTenant('demo', () => paymentData.markForSweeper('demo', { orderId: order.id, paymentId: 'pay_NotAPayment01' }, 'test'));
    const sweep = await sweepPayments(log);
    expect(sweep.dropped).toContain(`demo/${order.id}`);
    expect(await stageOf(order.id)).toBe('Created');
    expect(await marked(order.id)).toBeUndefined();
    expect(await stockOf(salt)).toBe(3);
  });

});
