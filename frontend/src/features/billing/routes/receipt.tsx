import { Alert, Button } from '@mantine/core';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/page.js';
import { ReceiptPanel } from '../components/receipt-panel.js';

/**
 * The cash receipt screen (spec 3 section 2 "Other"): the bill from `?id=` or from navigation state
 * `{ purchaseId }`; Print, after which the day's order list (/purchase) follows, and Cancel back to Place Order.
 */
export default function ReceiptScreen() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const state = useLocation().state as { purchaseId?: number } | null;
  const purchaseId = Number(search.get('id') ?? state?.purchaseId ?? 0);
  return (
    <Page title="Receipt" size="md">
      {Number.isInteger(purchaseId) && purchaseId > 0 ? (
        <ReceiptPanel
          purchaseId={purchaseId}
          onPrinted={() => void navigate('/purchase')}
          actions={
            <Button variant="default" onClick={() => void navigate('/purchaseUpdated/new')}>
              Cancel
            </Button>
          }
        />
      ) : (
        <Alert color="yellow">Open a receipt from a bill: no bill was given.</Alert>
      )}
    </Page>
  );
}
