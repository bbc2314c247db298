import { lazy, Suspense, type ComponentType } from 'react';
import type { ReceiptModalProps } from './receipt-dialog.js';

/** The receipt's dialog once its code is here (fetched while a bill is saved, or kept ahead by the till). */
let loaded: ComponentType<ReceiptModalProps> | undefined;

/** The receipt's dialog, panel and print layouts: loaded when a bill is saved, not with the billing screen. */
export const loadReceiptDialog = () =>
  import('./receipt-dialog.js').then((module) => {
    loaded = module.default;
    return module;
  });
const LazyReceiptDialog = lazy(loadReceiptDialog);

/** The receipt shown after a bill is saved, printed at once when Print was ticked. */
export function ReceiptModal(props: ReceiptModalProps) {
  if (props.purchaseId === undefined && props.provisional === undefined) return null;
  const Dialog = loaded;
  if (Dialog) return <Dialog {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyReceiptDialog {...props} />
    </Suspense>
  );
}
