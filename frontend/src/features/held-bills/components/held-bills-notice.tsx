import { Alert, Anchor } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useHeldBillCount } from '../api/held-bills.js';

/**
 * On a manager's dashboard: how many offline bills wait for a decision, with the way to them. Nothing when there
 * are none, when the user may not decide, or when the count could not be read (the dashboard stays usable).
 */
export function HeldBillsNotice({ canDecide }: { canDecide: boolean }) {
  const count = useHeldBillCount(canDecide);
  const held = count.data?.held ?? 0;
  if (!canDecide || held === 0) return null;
  return (
    <Alert color="orange" icon={<IconCloudOff size={18} />} mb="md" role="status" title={`${held} offline ${held === 1 ? 'bill waits' : 'bills wait'} for your decision`}>
      Bills made while a till had no network could not be saved as they were made.{' '}
      <Anchor component={Link} to="/heldBills">
        Open held bills
      </Anchor>
    </Alert>
  );
}
