import { inTenant } from '../lib/tenant-scope.js';
import { createPurchase, moveCartLines, needsAttention, recordPayment, refundPayment, reserveStock, sendConfirmation, verifyPayment, type FlowState } from './flow.js';

/** What a Task state of payment-to-order.asl.json hands its step: the step's name and the flow's state. */
export interface StepEvent {
  step: 'verifyPayment' | 'recordPayment' | 'reserveStock' | 'createPurchase' | 'moveCartLines' | 'refundPayment' | 'sendConfirmation' | 'needsAttention';
  /** moveCartLines: what the cart lines become. */
  orderStatus?: 'OrderSuccess' | 'OrderFail';
  flow: FlowState;
}

/**
 * The Lambda function behind every Task state of the payment-to-order state machine (and, locally, the handler
 * each Task state is mapped to). A thrown error fails the task, which the state machine retries.
 */
export async function handler(event: StepEvent): Promise<FlowState> {
  // A step works on the order's shop only (the tenant fence, docs/aws.md).
  return inTenant(event.flow.tenantId, () => runStep(event));
}

async function runStep(event: StepEvent): Promise<FlowState> {
  switch (event.step) {
    case 'verifyPayment':
      return verifyPayment(event.flow);
    case 'recordPayment':
      return recordPayment(event.flow);
    case 'reserveStock':
      return reserveStock(event.flow);
    case 'createPurchase':
      return createPurchase(event.flow);
    case 'moveCartLines':
      if (!event.orderStatus) throw new Error('moveCartLines needs the orderStatus the lines become');
      return moveCartLines(event.flow, event.orderStatus);
    case 'refundPayment':
      return refundPayment(event.flow);
    case 'sendConfirmation':
      return sendConfirmation(event.flow);
    case 'needsAttention':
      return needsAttention(event.flow);
  }
}
