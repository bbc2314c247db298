import { Alert, Anchor } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Session } from '../../../lib/session.js';
import { loadReceiptDialog } from '../components/receipt-modal.js';
import { knownOffline, refreshLocalCopy, tillTenant } from './local-copy.js';
import { toConfirm } from './upi-to-confirm-check.js';
import { checkHeldBills, countWaiting, deviceQueueStore, markOffline, onQueueChange, sendWaitingBills, useTillStatus } from './till-queue.js';

/** The question for a bill made offline whose UPI part is to be confirmed: loaded when such a bill is sent. */
const UpiToConfirm = lazy(() => import('./upi-to-confirm.js'));

/** Whether a bill of this device was sent with its UPI part still to be confirmed (read from the device's queue). */
function useUpiToConfirm(tenantId: string | undefined): boolean {
  const [any, setAny] = useState(false);
  useEffect(() => {
    if (!tenantId) return;
    const look = () => void deviceQueueStore.all().then((bills) => setAny(toConfirm(bills.filter((b) => b.tenantId === tenantId)).length > 0), () => undefined);
    look();
    return onQueueChange(look);
  }, [tenantId]);
  return any;
}

/** Waiting bills are tried every half minute (each with its own back-off); the local copy is read every 15 minutes. */
const SEND_EVERY_MS = 30_000;
const COPY_EVERY_MS = 15 * 60_000;
/** The service worker's cache of hashed files (frontend/vite.config.ts, runtimeCaching). */
const HASHED_ASSETS_CACHE = 'hashed-assets';

/**
 * The files this page loaded before the service worker took control are not in its cache yet; they are added, so
 * the till opens offline even right after its first visit. The cache is the worker's own (vite.config.ts).
 */
async function keepLoadedFiles(): Promise<void> {
  if (!('caches' in window) || !navigator.serviceWorker) return;
  await navigator.serviceWorker.ready;
  const files = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'));
  const cache = await caches.open(HASHED_ASSETS_CACHE);
  await Promise.all(files.map(async (url) => ((await cache.match(url.pathname)) ? undefined : cache.add(url.pathname))));
}

/** Place Order, the bills on this device, the receipt and Take a payment, fetched through the worker (and so kept by it). */
async function keepTillFiles(): Promise<void> {
  if (!('caches' in window) || !navigator.serviceWorker) return;
  await navigator.serviceWorker.ready;
  await Promise.all([
    import('../routes/place-order.js').then((page) => page.loadBillProblemDialog()),
    import('../routes/bill-queue.js'),
    loadReceiptDialog(),
    import('../components/take-payment.js'),
  ]);
  await keepLoadedFiles();
}

/**
 * The till's background work while a cashier is signed in: the local copy of stock, customers and their accounts kept fresh while
 * online, waiting bills sent at start, when the network returns and periodically, and the banner saying the till
 * is offline and how many bills wait.
 */
export function TillKeeper({ session }: { session: Session }) {
  const tenantId = tillTenant();
  const mayStock = session.features.includes('StockList') || session.features.includes('InventoryEdit');
  const mayCustomers = session.features.includes('CustomerList') || session.features.includes('CustomerView');
  const mayAccounts = session.features.includes('PurchaseEdit') || session.features.includes('CustomerCredit');
  const { offline, waiting, payments } = useTillStatus();
  const upiToConfirm = useUpiToConfirm(tenantId);

  useEffect(() => {
    if (!tenantId) return;
    const send = (force = false) =>
      void sendWaitingBills(tenantId, force)
        .then(() => (knownOffline() ? undefined : checkHeldBills(tenantId)))
        .catch(() => undefined);
    const copy = () => {
      if (knownOffline()) return;
      void refreshLocalCopy(tenantId, { stock: mayStock, customers: mayCustomers, accounts: mayAccounts }).catch(() => undefined);
      // The till's screens and its receipt are fetched while online, once the service worker is there to keep
      // them, so that they open without a network; the page itself does not wait for them.
      void keepTillFiles().catch(() => undefined);
    };
    const online = () => {
      markOffline(false);
      send(true);
      copy();
    };
    const offlineNow = () => markOffline(true);
    markOffline(knownOffline());
    void countWaiting(tenantId).catch(() => undefined);
    send(true);
    copy();
    const sending = window.setInterval(() => send(), SEND_EVERY_MS);
    const copying = window.setInterval(copy, COPY_EVERY_MS);
    window.addEventListener('online', online);
    window.addEventListener('offline', offlineNow);
    return () => {
      window.clearInterval(sending);
      window.clearInterval(copying);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offlineNow);
    };
    // The features arrive with the profile, after the token: the copy starts again with what they allow.
  }, [tenantId, mayStock, mayCustomers, mayAccounts]);

  const billCount = waiting - payments;
  // "2 bills waiting", or with payments against balances "1 bill and 1 payment waiting".
  const bills = `${billCount} ${billCount === 1 ? 'bill' : 'bills'}${payments ? ` and ${payments} ${payments === 1 ? 'payment' : 'payments'}` : ''}`;
  return (
    <>
      {!offline && upiToConfirm && (
        <Suspense fallback={null}>
          <UpiToConfirm />
        </Suspense>
      )}
      {(offline || waiting > 0) && (
        <Alert color={offline ? 'orange' : 'blue'} variant="light" radius={0} icon={offline ? <IconWifiOff size={18} /> : undefined} role="status" aria-label="Till status">
          {offline ? `You are offline — ${bills} waiting to be sent.` : `${bills} waiting to be sent.`}{' '}
          <Anchor component={Link} to="/purchase/queue" size="sm">
            Bills on this device
          </Anchor>
        </Alert>
      )}
    </>
  );
}

export default TillKeeper;
