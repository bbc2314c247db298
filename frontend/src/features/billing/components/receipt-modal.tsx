import { Alert, Modal } from '@mantine/core';
import { ReceiptPanel } from './receipt-panel.js';

interface ReceiptModalProps {
  /** The saved bill; the modal opens once it is set. */
  purchaseId: number | undefined;
  /** Print as soon as the receipt has loaded (the Print box of Place Order). */
  print: boolean;
  /** Something the cashier must read before leaving (a receipt that could not be mailed). */
  notice?: string;
  onClose: () => void;
  /** The receipt is on screen (and printed when asked). */
  onShown?: () => void;
}

/** The receipt shown after a bill is saved, printed at once when Print was ticked. */
export function ReceiptModal({ purchaseId, print, notice, onClose, onShown }: ReceiptModalProps) {
  return (
    <Modal opened={purchaseId !== undefined} onClose={onClose} title={`Receipt · Bill ${purchaseId ?? ''}`} size="xl">
      {notice && (
        <Alert color="yellow" mb="md" role="alert">
          {notice}
        </Alert>
      )}
      {purchaseId !== undefined && <ReceiptPanel purchaseId={purchaseId} autoPrint={print} onShown={onShown} />}
    </Modal>
  );
}
