import os from 'node:os';
import { leaveData } from '../functions/leave/data.js';
import { op, putItem, queryCount, transact, type Item } from '../functions/lib/db.js';
import { counterKey, tenantPk } from '../functions/lib/keys.js';
import { purchaseData, type StoredHeldBill, type StoredLine } from '../functions/purchases/data.js';
import { userData } from '../functions/users/data.js';
import type { Leave } from '../shared/schemas/leave.js';
import { countReads, signIn, timeAndCountReads, withStack } from './lib.js';

/**
 * The counts of the point of sale, finance and leave screens at size, through the local gateway: a walk-in
 * number with LINES bill lines (its count and a search in its list), a shop with HELD held offline bills, and a
 * manager whose reportees have LEAVES leaves (all and of one type). Each route is measured beside `GET /tenant` and
 * beside the query the count used to be (a COUNT of every matching item, sent to the emulator directly), with the
 * DynamoDB requests and items read of one request.
 */

const LINES = 5_000;
const HELD = 2_000;
const LEAVES = 2_000;
const PASSWORD = 'Demo@1234';
const MOBILE = '9000012345';

const put = (item: unknown) => putItem(item as Item);

async function loadLines(tenantId: string) {
  for (let i = 0; i < LINES; i++) {
    const when = new Date(Date.UTC(2025, 0, 1) + i * 600_000).toISOString();
    const line = {
      purchaseId: 900_000 + i,
      purchasedProductId: 1,
      productId: 1,
      productName: `Counted Item ${String(i).padStart(5, '0')}`,
      artcode: `CNT${i}`,
      stockId: 1,
      productInventoryId: 1,
      originalQuantity: 1,
      returnQuantity: 0,
      quantity: 1,
      mrp: 10_000,
      rate: 10_000,
      saleDate: when.slice(0, 10),
      customerName: 'Walk-in',
      mobileNumber: MOBILE,
      paymentMode: 'Cash',
      createdOn: when,
      createdBy: 'bench',
    } as unknown as StoredLine;
    await put(purchaseData.putLineWrite(tenantId, line).Put!.Item);
  }
  // The counter the bill transactions keep, set once as for a table loaded before it.
  await transact([op.count(counterKey(tenantId, `purchaseLine#mobile#${MOBILE}`), LINES)]);
}

async function loadHeld(tenantId: string) {
  for (let i = 0; i < HELD; i++) {
    const madeOn = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    const held = { key: `bench-held-${i}`, state: 'held', body: {}, fingerprint: '', problems: [], provisionalNumber: `B-${i}`, deviceId: 'bench', madeOn, sentBy: 'bench', sentOn: madeOn };
    await transact(purchaseData.holdWrites(tenantId, held as unknown as StoredHeldBill, undefined));
    // Every other one dealt with: the list keeps it, the count does not.
    if (i % 2) await transact(purchaseData.decideWrites(tenantId, { ...held, state: 'discarded', reason: 'bench', by: 'bench' } as unknown as StoredHeldBill));
  }
}

async function loadLeaves(tenantId: string, userId: number, managerId: number) {
  for (let i = 0; i < LEAVES; i++) {
    const start = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const leave = {
      leaveSystemId: 800_000 + i,
      userId,
      userName: 'cashier@demo.shop',
      managerId,
      managerName: 'manager',
      leaveMasterId: 1 + (i % 3),
      leaveType: 'Bench',
      days: 1,
      startDate: start,
      endDate: start,
      status: 'Approved',
      remainingDays: 0,
      version: 1,
      lastUpdated: start,
      createdOn: start,
      createdBy: 'bench',
    } as unknown as Leave;
    await transact([leaveData.put(tenantId, leave), ...leaveData.counts(tenantId, leave)]);
  }
}

export async function countsBenchmark(runs: number) {
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`\ncounts: ${new Date().toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${load()}`);
  await withStack(async (stack) => {
    const tenantId = 'demo';
    countReads();
    const manager = (await userData.byUserName(tenantId, 'manager@demo.shop'))!.appUserId;
    const cashier = (await userData.byUserName(tenantId, 'cashier@demo.shop'))!.appUserId;
    await loadLines(tenantId);
    await loadHeld(tenantId);
    await loadLeaves(tenantId, cashier, manager);
    const token = await signIn(stack.apiUrl, tenantId, 'manager@demo.shop', PASSWORD);
    const get = (path: string, auth = true) => async () => {
      const r = await fetch(`${stack.apiUrl}${path}`, { headers: auth ? { authorization: `Bearer ${token}` } : {} });
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return r.json();
    };
    const textFilter = { FilterExpression: 'begins_with(nameKey, :text) OR begins_with(artcodeKey, :text)', ExpressionAttributeValues: { ':text': 'counted item 0000' } };
    const measures: [string, () => Promise<unknown>][] = [
      ['GET /tenant', get('/tenant', false)],
      [`customer's line count (${LINES} lines)`, get(`/purchase/custMobileCount/${MOBILE}`)],
      [`customer search 'counted item 0000' (10 match)`, get(`/purchase/searchCount/${MOBILE}/counted%20item%200000`)],
      [`customer search 'c' (all ${LINES} match, cap)`, get(`/purchase/searchCount/${MOBILE}/c`)],
      ['  before: COUNT of the list, filtered', () => queryCount({ index: 'gsi4', pk: tenantPk(tenantId, 'PURCHASE_MOBILE', MOBILE), filter: textFilter })],
      [`held bills count (${HELD / 2} of ${HELD} held)`, get('/purchase/held/count')],
      ['  before: COUNT of the held prefix', () => queryCount({ index: 'gsi1', pk: tenantPk(tenantId, 'HELD_BILLS'), skPrefix: '1#' })],
      [`manager's leave count (${LEAVES} leaves)`, get(`/leaveSystem/manager/count/${manager}`)],
      [`manager's leave count of one type`, get(`/leaveSystem/manager/count/${manager}?leaveMasterId=2`)],
      ['  before: COUNT of the list, type filtered', () =>
        queryCount({ index: 'gsi2', pk: tenantPk(tenantId, 'LEAVE_MANAGER', manager), filter: { FilterExpression: 'leaveMasterId = :t', ExpressionAttributeValues: { ':t': 2 } } })],
    ];
    await timeAndCountReads(`Counts, one client (load average ${load()})`, measures, runs);
  });
  console.log(`load average at the end ${load()}`);
}
