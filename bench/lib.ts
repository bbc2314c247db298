import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { receive } from '../functions/inventory/service.js';
import { dynamo } from '../functions/lib/aws.js';
import type { WriteScope } from '../functions/lib/context.js';
import { stockData } from '../functions/stock/data.js';
import { toRupees } from '../shared/money.js';
import { startLocalStack, type LocalStack } from '../infra/local/stack.js';

export interface Timing {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  mean: number;
}

/** Runs `work` `runs` times after `warmup` untimed runs and reports milliseconds. */
export async function measure(name: string, work: () => Promise<unknown>, runs = 200, warmup = 20): Promise<Timing> {
  return measurePrepared(name, async () => undefined, work, runs, warmup);
}

/** As `measure`, with an untimed `prepare` before each run whose result the timed `work` uses. */
export async function measurePrepared<T>(name: string, prepare: () => Promise<T>, work: (prepared: T) => Promise<unknown>, runs = 200, warmup = 20): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await work(await prepare());
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const prepared = await prepare();
    const start = process.hrtime.bigint();
    await work(prepared);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return timingOf(name, samples);
}

/** p50, p95 and mean of samples (milliseconds) taken elsewhere, e.g. the steps of a longer flow timed one by one. */
export function timingOf(name: string, samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { name, runs: sorted.length, p50: at(0.5), p95: at(0.95), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
}

/** Milliseconds `work` took, with its answer. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await work();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

/** Signs a user in through the gateway (as the web app does) and answers the bearer token. */
export async function signIn(apiUrl: string, tenantId: string, username: string, password: string): Promise<string> {
  const r = await fetch(`${apiUrl}/token/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenantid': tenantId },
    body: JSON.stringify({ username, password }),
  });
  if (r.status !== 200) throw new Error(`sign-in of ${username}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { token: string }).token;
}

/** Saves a bill through the gateway as the till does; anything but 200 stops the benchmark. */
export async function postBill(apiUrl: string, token: string, body: unknown): Promise<void> {
  const r = await fetch(`${apiUrl}/purchase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (r.status !== 200) throw new Error(`POST /purchase ${r.status}: ${await r.text()}`);
  await r.arrayBuffer();
}

export function printTable(title: string, rows: Timing[], baseline?: Record<string, string>) {
  console.log(`\n${title}`);
  console.log(`${'measure'.padEnd(46)} ${'runs'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  ratio p50 (vs raw)`);
  for (const row of rows) {
    const base = baseline?.[row.name] ? rows.find((r) => r.name === baseline[row.name]) : undefined;
    const ratio = base ? `${(row.p50 / base.p50).toFixed(1)}x ${base.name}` : '';
    console.log(`${row.name.padEnd(46)} ${String(row.runs).padStart(5)} ${row.p50.toFixed(2).padStart(8)} ${row.p95.toFixed(2).padStart(8)}  ${ratio}`);
  }
}

/** A fresh local stack (free ports, temporary data) with the demo shop, for one benchmark run. */
export async function withStack<T>(work: (stack: LocalStack) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const stack = await startLocalStack({ dataDir, ports: 'free', seed: true, logLevel: 'error', shopRequestsPerSecond: 100_000 });
  try {
    return await work(stack);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The first `count` stock lines of a shop that have units, each given `units` more through the inventory service
 * (as the inventory screen receives goods), so a benchmark's sales never run short.
 */
export async function stockedLines(scope: WriteScope, count: number, units: number) {
  const lines = (await stockData.first(scope.tenantId, 200)).filter((l) => l.quantity > 0).slice(0, count);
  if (lines.length < count) throw new Error(`The demo shop has only ${lines.length} stock lines to sell`);
  for (const line of lines) {
    await receive(scope, {
      productId: line.productId,
      artcode: line.artcode,
      barcode: line.barcode,
      vendor: line.vendor,
      quantity: units,
      cgst: line.cgst / 100,
      sgst: line.sgst / 100,
      mrp: toRupees(line.mrp),
      buyingPrice: toRupees(line.buyingPrice),
      sellingPrice: toRupees(line.sellingPrice),
    });
  }
  return lines;
}

/** What a request read from DynamoDB: requests, items (returned, or evaluated by a COUNT) and scans. */
export interface Reads {
  requests: number;
  items: number;
  scans: number;
}
const tally: Reads = { requests: 0, items: 0, scans: 0 };
let tallying = false;
let counting = false;

/** Counts the reads of the process's DynamoDB client from now on (once per process), for `readsOf`. */
export function countReads() {
  if (counting) return;
  counting = true;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const answer = await next(args);
      if (tallying) {
        const output = answer.output as {
          Items?: unknown[];
          ScannedCount?: number;
          Item?: unknown;
          Responses?: Record<string, unknown[]> | { Item?: unknown }[];
        };
        tally.requests += 1;
        if (context.commandName === 'ScanCommand') tally.scans += 1;
        if (output.ScannedCount !== undefined) tally.items += output.ScannedCount;
        else if (output.Items) tally.items += output.Items.length;
        else if (output.Item) tally.items += 1;
        else if (Array.isArray(output.Responses)) tally.items += output.Responses.filter((r) => r.Item).length;
        else if (output.Responses) tally.items += Object.values(output.Responses).reduce((sum, items) => sum + items.length, 0);
      }
      return answer;
    },
    { step: 'initialize', name: 'benchReadTally' },
  );
}

/** The reads `work` made (after `countReads`). */
export async function readsOf(work: () => Promise<unknown>): Promise<Reads> {
  Object.assign(tally, { requests: 0, items: 0, scans: 0 });
  tallying = true;
  try {
    await work();
  } finally {
    tallying = false;
  }
  return { ...tally };
}

/** A small seeded generator, so every run writes the same data. */
export function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Each piece of work once with its DynamoDB requests and items read counted (`countReads` must be on), then timed
 * `runs` times (10 to 30, after 3 untimed runs); prints the timings, then the reads with each answer.
 */
export async function timeAndCountReads(title: string, measures: [string, () => Promise<unknown>][], runs: number): Promise<void> {
  const sampleRuns = Math.max(10, Math.min(runs, 30));
  const timings: Timing[] = [];
  const reads: [string, Reads, unknown][] = [];
  for (const [name, work] of measures) {
    let answer: unknown;
    const r = await readsOf(async () => (answer = await work()));
    reads.push([name, r, answer]);
    timings.push(await measure(name, work, sampleRuns, 3));
  }
  printTable(title, timings);
  console.log('\nDynamoDB per request (answer)');
  const width = Math.max(...measures.map(([name]) => name.length)) + 2;
  for (const [name, r, answer] of reads) console.log(`${name.padEnd(width)} ${String(r.requests).padStart(4)} requests ${String(r.items).padStart(7)} items read  (${JSON.stringify(answer)})`);
}
