import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import type { PurchaseDetail } from '../../../../../shared/schemas/purchase.js';
import { editRefusal } from '../../../../../shared/schemas/purchase-messages.js';

/**
 * Edit of a bill in the order lists: shown once the bill is read and only when the server would let the till change
 * it (no returns, not a storefront order); it opens Place Order at `/purchaseEdit/{id}` with the bill in navigation
 * state, so the screen starts from it without reading it again.
 */
export function EditBillButton({ purchaseId, bill }: { purchaseId: number; bill: PurchaseDetail | undefined }) {
  const navigate = useNavigate();
  if (!bill || editRefusal(bill)) return null;
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconPencil size={14} />}
      aria-label={`Edit bill ${purchaseId}`}
      onClick={() => void navigate(`/purchaseEdit/${purchaseId}`, { state: { purchase: bill } })}
    >
      Edit
    </Button>
  );
}
