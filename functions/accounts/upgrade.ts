import { ACCOUNT_UNPAID_STEP } from '../../shared/credit.js';
import { getItem, putItem, transact } from '../lib/db.js';
import { Conflict } from '../lib/errors.js';
import { upgradeStepKey } from '../lib/keys.js';
import { accountData } from './data.js';
import { unpaidFromLedger } from './ledger.js';
import { keptUnpaid } from './unpaid.js';

/**
 * `accounts#unpaid`: each account whose entries were made before the account item kept what is owed by shop day is
 * given that map, worked from its ledger, once per shop, marked when done. Each write holds only while the account
 * has the entries read, so a run cut short and run again, or an entry written while it runs (which writes its own
 * map), ends with the same maps. Answers the accounts written, or nothing when the step was done before.
 */
export async function upgradeUnpaid(tenantId: string, now = new Date()): Promise<{ written: number } | undefined> {
  const mark = upgradeStepKey(tenantId, ACCOUNT_UNPAID_STEP);
  if (await getItem(mark.pk, mark.sk, true)) return undefined;
  let written = 0;
  for (const listed of await accountData.all(tenantId)) {
    if (keptUnpaid(listed)) continue;
    const account = await accountData.get(tenantId, listed.customerId, true);
    if (!account || keptUnpaid(account)) continue;
    try {
      await transact([accountData.unpaidWrite(tenantId, account.customerId, account.entries, await unpaidFromLedger(tenantId, account))]);
      written += 1;
    } catch (error) {
      // An entry went in meanwhile and wrote the map itself.
      if (!(error instanceof Conflict)) throw error;
    }
  }
  await putItem({ ...mark, entity: 'upgradeStep', doneOn: now.toISOString(), written });
  return { written };
}
