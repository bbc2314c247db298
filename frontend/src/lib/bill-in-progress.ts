/**
 * Whether a bill is half entered on Place Order: a new version of the app waits until it is not (docs/web-app.md,
 * "Installable app and service worker"), so an update never reloads the page under a cashier's bill.
 */
let inProgress = false;
let pendingUpdate: (() => void) | undefined;

/** Applies a waiting update now if no bill is half entered; otherwise it waits for the next chance. */
export function applyUpdateWhenIdle(): void {
  if (!pendingUpdate || inProgress) return;
  const apply = pendingUpdate;
  pendingUpdate = undefined;
  apply();
}

export function setBillInProgress(value: boolean): void {
  inProgress = value;
  if (!value) applyUpdateWhenIdle();
}

/** A new version is installed and waiting; `apply` activates it and reloads the page. */
export function updateWaiting(apply: () => void): void {
  pendingUpdate = apply;
}
