import { accountsBenchmark } from './accounts.js';
import { catalogueBenchmark } from './catalogue.js';
import { fenceBenchmark } from './fence.js';
import { gstr1Benchmark } from './gstr1.js';
import { coldstartBenchmark } from './coldstart.js';
import { countsBenchmark } from './counts.js';
import { storefrontCountsBenchmark } from './storefront-counts.js';
import { inventoryBenchmark } from './inventory.js';
import { keyboardBillBenchmark } from './keyboard-bill.js';
import { mergedListsBenchmark } from './merged-lists.js';
import { offlineDrainBenchmark } from './offline-drain.js';
import { offlineTillBenchmark } from './offline-till.js';
import { platformBenchmark } from './platform.js';
import { pointsBenchmark } from './points.js';
import { posBenchmark } from './pos.js';
import { reportsBenchmark } from './reports.js';
import { saledayBenchmark } from './saleday.js';
import { storefrontBenchmark } from './storefront.js';
import { upiTillBenchmark } from './upi-till.js';
import { webBenchmark } from './web.js';
import { wordSearchBenchmark } from './word-search.js';

/**
 * Benchmarks print figures; they never pass or fail. `npm run bench` runs all, `npm run bench -- platform` one.
 * RUNS sets the sample count of the fast measures (default 200).
 */
const benchmarks: Record<string, (runs: number) => Promise<void>> = {
  platform: platformBenchmark,
  pos: posBenchmark,
  inventory: inventoryBenchmark,
  reports: reportsBenchmark,
  gstr1: gstr1Benchmark,
  storefront: storefrontBenchmark,
  fence: fenceBenchmark,
  catalogue: catalogueBenchmark,
  coldstart: coldstartBenchmark,
  web: webBenchmark,
  'offline-drain': offlineDrainBenchmark,
  'offline-till': offlineTillBenchmark,
  'keyboard-bill': keyboardBillBenchmark,
  'merged-lists': mergedListsBenchmark,
  counts: countsBenchmark,
  'storefront-counts': storefrontCountsBenchmark,
  points: pointsBenchmark,
  saleday: saledayBenchmark,
  'upi-till': upiTillBenchmark,
  'word-search': wordSearchBenchmark,
  accounts: accountsBenchmark,
};

const runs = Number(process.env.RUNS ?? 200);
const chosen = process.argv.slice(2).filter((a) => a !== '--');
const names = chosen.length ? chosen : Object.keys(benchmarks);
for (const name of names) {
  const bench = benchmarks[name];
  if (!bench) {
    console.error(`Unknown benchmark ${name}. Known: ${Object.keys(benchmarks).join(', ')}`);
    process.exit(2);
  }
  await bench(runs);
}
process.exit(0);
