import type { Context } from 'aws-lambda';
import { rootLogger, type Logger } from '../lib/logger.js';
import { inTenant } from '../lib/tenant-scope.js';
import { runWorkflow } from '../lib/workflows.js';
import { tenantData } from '../tenants/data.js';
import { paymentData, type PaymentAttention } from './data.js';

/** The log line (and metric, docs/aws.md "Monitoring") of each payment the sweeper finds still stuck. */
export const FOUND_STUCK = 'payment found without its order or refund';

export interface SweepOutcome {
  /** `<tenant>/<order>` of each payment whose flow now ran to its end (an order, or a refund). */
  completed: string[];
  /** Not a genuine payment after all: nothing to complete. */
  dropped: string[];
  /** Still failing: left marked for the next run. */
  stillStuck: string[];
}

/**
 * Every 15 minutes (infra/stacks/payments-stack.ts): each shop's payments marked as stopped short (a step failed
 * after its retries, or a checkout or webhook saw the flow end unfinished) get the payment-to-order flow run again.
 * Every step is idempotent and moves the payment's stage on under a condition, so the flow goes on from where it
 * stopped: a captured payment ends as an order or, when the stock is gone, refunded; a payment already complete
 * changes nothing. Each one found is logged as an error (the alarm). The flow runs as a webhook would, so the
 * payment is verified with Razorpay rather than by the checkout's signature.
 */
export async function sweepPayments(log: Logger): Promise<SweepOutcome> {
  const outcome: SweepOutcome = { completed: [], dropped: [], stillStuck: [] };
  for await (const tenant of tenantData.every(100)) {
    const marked = await inTenant(tenant.tenantId, () => paymentData.needingAttention(tenant.tenantId));
    for (const attention of marked) await sweepOne(tenant.tenantId, attention, outcome, log);
  }
  log.info('payment sweep done', { completed: outcome.completed.length, dropped: outcome.dropped.length, stillStuck: outcome.stillStuck.length });
  return outcome;
}

async function sweepOne(tenantId: string, attention: PaymentAttention, outcome: SweepOutcome, log: Logger): Promise<void> {
  const id = `${tenantId}/${attention.orderId}`;
  const paymentLog = log.child({ tenantId, orderId: attention.orderId, paymentId: attention.paymentId });
  paymentLog.error(FOUND_STUCK, { reason: attention.reason, since: attention.since });
  const run = await runWorkflow('paymentToOrder', { tenantId, orderId: attention.orderId, paymentId: attention.paymentId, source: 'webhook' }).catch(
    (error: Error) => ({ status: 'FAILED' as const, error: error.name, cause: error.message }),
  );
  if (run.status === 'SUCCEEDED' || run.error === 'PaymentNotVerified') {
    await inTenant(tenantId, () => paymentData.clearAttention(tenantId, attention.orderId));
    (run.status === 'SUCCEEDED' ? outcome.completed : outcome.dropped).push(id);
    paymentLog.info(run.status === 'SUCCEEDED' ? 'payment completed by the sweeper' : 'payment not verified: nothing to complete');
    return;
  }
  outcome.stillStuck.push(id);
  paymentLog.error('payment still stuck after the sweep', { status: run.status, error: run.error, cause: run.cause });
}

/** The scheduled function (EventBridge Scheduler, every 15 minutes). */
export async function handler(_event: unknown, context?: Pick<Context, 'awsRequestId'>): Promise<SweepOutcome> {
  return sweepPayments(rootLogger.child({ function: 'payment-sweeper', requestId: context?.awsRequestId ?? 'local' }));
}
