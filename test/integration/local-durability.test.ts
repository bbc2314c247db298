import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/ports.js';

/**
 * The local DynamoDB keeps a transaction all-or-nothing across a crash: killed with SIGKILL while transactions of
 * three items each are being written (tens to hundreds, as fast as the machine goes), and started again on the same folder, it holds every acknowledged
 * transaction whole, no transaction in part, and a counter equal to the items it counts.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-durability-'));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function start(port: number): Promise<ChildProcess> {
  // One process (tsx as a loader, not as a wrapper that forks): SIGKILL must reach the process holding the files.
  const started = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'test/integration/processes/dynamodb.ts'), String(port), path.join(dir, 'dynamodb')], {
    cwd: root,
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    started.once('exit', (code) => reject(new Error(`the DynamoDB process exited (${code})`)));
    createInterface({ input: started.stdout! }).once('line', () => resolve());
  });
  return started;
}

const clientOf = (port: number) =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: `http://127.0.0.1:${port}`, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 }),
  );

/** One "bill": its record, its "stock change" and the counter of bills, in one transaction. */
const billTransaction = (round: number, i: number) =>
  new TransactWriteCommand({
    TransactItems: [
      { Put: { TableName: 'shop', Item: { pk: 'T#crash#BILL', sk: `${round}#${i}`, round }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: 'shop', Item: { pk: 'T#crash#MOVE', sk: `${round}#${i}`, round }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Update: { TableName: 'shop', Key: { pk: 'T#crash#COUNT', sk: 'bills' }, UpdateExpression: 'ADD bills :one', ExpressionAttributeValues: { ':one': 1 } } },
    ],
  });

async function keysOf(db: DynamoDBDocumentClient, pk: string): Promise<Set<string>> {
  const keys = new Set<string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ TableName: 'shop', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) keys.add(String(item.sk));
    start = page.LastEvaluatedKey;
  } while (start);
  return keys;
}

describe('the local DynamoDB across a crash', () => {
  it('keeps every acknowledged transaction whole and none in part after SIGKILL midway', async () => {
    const acknowledged = new Set<string>();
    for (let round = 0; round < 3; round++) {
      const port = await freePort();
      child = await start(port);
      const db = clientOf(port);
      let running = true;
      const writers = Array.from({ length: 8 }, async (_, w) => {
        for (let i = w; running; i += 8) {
          try {
            await db.send(billTransaction(round, i));
            acknowledged.add(`${round}#${i}`);
          } catch {
            return; // the process is gone
          }
        }
      });
      // Let a few hundred transactions through, then kill the process in the middle of the next ones.
      await new Promise((resolve) => setTimeout(resolve, 2000 + round * 700));
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      running = false;
      await Promise.all(writers);
      await exited;
    }
    expect(acknowledged.size).toBeGreaterThan(20);

    const port = await freePort();
    child = await start(port);
    const db = clientOf(port);
    const bills = await keysOf(db, 'T#crash#BILL');
    const moves = await keysOf(db, 'T#crash#MOVE');
    const counter = (await db.send(new GetCommand({ TableName: 'shop', Key: { pk: 'T#crash#COUNT', sk: 'bills' } }))).Item?.bills ?? 0;
    for (const key of acknowledged) expect(bills.has(key), key).toBe(true);
    expect([...bills].filter((k) => !moves.has(k))).toEqual([]);
    expect([...moves].filter((k) => !bills.has(k))).toEqual([]);
    expect(counter).toBe(bills.size);
    expect(existsSync(path.join(dir, 'dynamodb-journal.json'))).toBe(false);
  }, 90_000);
});
