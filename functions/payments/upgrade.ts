import { UNCOUNTED_UPI_STEP } from '../../shared/upi.js';
import { getItem, isTransactionConflict, putItem, transactRebuilding } from '../lib/db.js';
import { Conflict } from '../lib/errors.js';
import { upgradeStepKey } from '../lib/keys.js';
import { tillQrData } from './till-qr-data.js';

/**
 * `payments#upi-uncounted`: a payment a till QR code recorded as not counted (the code's `uncounted`) before the
 * webhook also wrote it to the owner's list of UPI payments to refund is given its list item, open, and one more in
 * the shop's open count, once per shop, marked when done. The shop's codes are read a page at a time by Query of
 * their partition. Each payment is its own transaction of the item, created only when the list lacks it, and the
 * count: a payment the webhook listed, or a run cut short and run again, or two runs at once, list and count it once.
 * Answers the payments listed, or nothing when the step was done before.
 */
export async function upgradeUncountedUpi(tenantId: string, now = new Date()): Promise<{ listed: number } | undefined> {
  const mark = upgradeStepKey(tenantId, UNCOUNTED_UPI_STEP);
  if (await getItem(mark.pk, mark.sk, true)) return undefined;
  let listed = 0;
  for await (const codes of tillQrData.codesWithUncounted(tenantId)) {
    for (const code of codes) {
      for (const payment of code.uncounted ?? []) {
        if (await tillQrData.uncounted(tenantId, payment.paymentId)) continue;
        try {
          await transactRebuilding(async () => ({ items: tillQrData.listUncountedWrites(tenantId, code, payment), messages: [], result: undefined }), isTransactionConflict);
          listed += 1;
        } catch (error) {
          // Listed meanwhile, by the webhook or another run.
          if (!(error instanceof Conflict)) throw error;
        }
      }
    }
  }
  await putItem({ ...mark, entity: 'upgradeStep', doneOn: now.toISOString(), listed });
  return { listed };
}
