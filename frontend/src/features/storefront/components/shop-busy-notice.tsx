import { Alert, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SHOP_BUSY_NOTICE } from '../../../../../shared/busy.js';
import { onShopBusy } from '../../../lib/api-client.js';

/**
 * Above the screen while a shopper's request waits to be sent again after the shop's storefront said it was at its
 * limit (the API client retries after `Retry-After`); gone once the answers come.
 */
export function ShopBusyNotice() {
  const [waiting, setWaiting] = useState(0);
  useEffect(() => onShopBusy((busy) => setWaiting((n) => Math.max(0, n + (busy ? 1 : -1)))), []);
  if (!waiting) return null;
  return (
    <Alert color="yellow" icon={<Loader size={16} />} m="md" role="status">
      {SHOP_BUSY_NOTICE}
    </Alert>
  );
}
