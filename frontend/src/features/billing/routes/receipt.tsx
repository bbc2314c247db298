import { Alert } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/page.js';
import { ReceiptPanel } from '../components/receipt-panel.js';

/** The cash receipt screen (spec 3): the bill from `?id=` or from navigation state `{ purchaseId }`. */
export default function ReceiptScreen() {
  const [search] = useSearchParams();
  const state = useLocation().state as { purchaseId?: number } | null;
  const purchaseId = Number(search.get('id') ?? state?.purchaseId ?? 0);
  return (
    <Page title="Receipt" size="md">
      {Number.isInteger(purchaseId) && purchaseId > 0 ? (
        <ReceiptPanel purchaseId={purchaseId} />
      ) : (
        <Alert color="yellow">Open a receipt from a bill: no bill was given.</Alert>
      )}
    </Page>
  );
}
