import { lazy, Suspense } from 'react';
import type { ReceiptModalProps } from './receipt-dialog.js';

/** The receipt's dialog, panel and print layouts: loaded when a bill is saved, not with the billing screen. */
export const loadReceiptDialog = () => import('./receipt-dialog.js');
const ReceiptDialog = lazy(loadReceiptDialog);

/** The receipt shown after a bill is saved, printed at once when Print was ticked. */
export function ReceiptModal(props: ReceiptModalProps) {
  if (props.purchaseId === undefined && props.provisional === undefined) return null;
  return (
    <Suspense fallback={null}>
      <ReceiptDialog {...props} />
    </Suspense>
  );
}
