/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { applyUpdateWhenIdle, updateWaiting } from '../lib/bill-in-progress.js';

/**
 * Registers the service worker in prompt mode: a deployed version installs in the background and waits; it takes
 * over (and the page reloads) at the next screen change, or when Place Order's form is empty, never under a
 * half-entered bill.
 */
export function startAppUpdates(): void {
  const update = registerSW({
    onNeedRefresh() {
      updateWaiting(() => void update(true));
      applyUpdateWhenIdle();
    },
  });
}
