import { Alert, Modal } from '@mantine/core';
import type { Receipt } from '../../../../../shared/schemas/purchase.js';
import { ReceiptPanel } from './receipt-panel.js';

export interface ReceiptModalProps {
  /** The saved bill; the modal opens once it is set. */
  purchaseId: number | undefined;
  /** A bill kept on the device to be sent later: its provisional receipt (opens the modal instead of purchaseId). */
  provisional?: { receipt: Receipt; provisionalNumber: string };
  /** Print as soon as the receipt has loaded (the Print box of Place Order). */
  print: boolean;
  /** Something the cashier must read before leaving (a receipt that could not be mailed). */
  notice?: string;
  onClose: () => void;
  /** The receipt is on screen (and printed when asked). */
  onShown?: () => void;
}

/** The receipt in its dialog (receipt-modal.tsx loads it when a bill is saved). */
export default function ReceiptDialog({ purchaseId, provisional, print, notice, onClose, onShown }: ReceiptModalProps) {
  const title = provisional ? `Receipt · Provisional ${provisional.provisionalNumber}` : `Receipt · Bill ${purchaseId ?? ''}`;
  return (
    <Modal opened={purchaseId !== undefined || provisional !== undefined} onClose={onClose} title={title} size="xl">
      {notice && (
        <Alert color="yellow" mb="md" role="alert">
          {notice}
        </Alert>
      )}
      {provisional ? (
        <ReceiptPanel purchaseId={0} provisional={provisional} autoPrint={print} onShown={onShown} />
      ) : (
        purchaseId !== undefined && <ReceiptPanel purchaseId={purchaseId} autoPrint={print} onShown={onShown} />
      )}
    </Modal>
  );
}
