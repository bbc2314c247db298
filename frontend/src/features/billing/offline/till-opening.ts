/**
 * A till opened without a network (docs/point-of-sale.md, "The day's close"): the opening waits on this device like
 * a bill, under a key of its own, and is sent before the bills waiting behind it, so the bills made offline find
 * their session open when they arrive. A repeat of the key answers the session the first send opened.
 */
import { tillRoutes } from '../../../../../shared/routes/tills.js';
import type { TillSession } from '../../../../../shared/schemas/till.js';
import { callApi, isApiError, NO_ANSWER } from '../../../lib/api-client.js';
import { readSetting, writeSetting } from './device-db.js';

export interface PendingOpening {
  tenantId: string;
  userName: string;
  key: string;
  tillName: string;
  openingFloat: number;
  openedAt: string;
  /** Why the server refused it, once it did (another session open): the cashier sees it and opens again. */
  refused?: string;
}

const SETTING = 'pendingTillOpening';

export const pendingOpening = () => readSetting<PendingOpening | null>(SETTING);
export const keepOpening = (opening: PendingOpening | null) => writeSetting(SETTING, opening);

/**
 * Sends the opening waiting on this device, if any: the session when the server opened it (or had already), nothing
 * while there is still no answer; a refusal is kept with the opening for the cashier to see.
 */
export async function sendPendingOpening(tenantId: string): Promise<TillSession | undefined> {
  const opening = await pendingOpening();
  if (!opening || opening.tenantId !== tenantId || opening.refused) return undefined;
  try {
    const session = await callApi(tillRoutes.open, { body: { tillName: opening.tillName, openingFloat: opening.openingFloat, key: opening.key, openedAt: opening.openedAt } });
    await keepOpening(null);
    return session;
  } catch (error) {
    if (isApiError(error, NO_ANSWER) || (isApiError(error) && (error.status >= 500 || error.status === 401 || error.status === 600 || error.status === 429))) return undefined;
    await keepOpening({ ...opening, refused: error instanceof Error ? error.message : 'The till could not be opened.' });
    return undefined;
  }
}
