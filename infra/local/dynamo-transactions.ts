import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * dynalite implements the DynamoDB API except transactions. This front adds TransactWriteItems and
 * TransactGetItems with DynamoDB's semantics for everything the product relies on: all-or-nothing writes, condition
 * checks, `TransactionCanceledException` with per-item `CancellationReasons`, at most 100 distinct items.
 *
 * How: writes (single or transactional) pass one at a time, so they never interleave. A transaction reads the
 * current version of each item it touches, applies its operations one by one as conditional writes, and on the
 * first failure restores every item it changed. Reads run together but never while a write is under way: DynamoDB
 * never shows a read the items of a transaction midway, and a read that did could see a version a failed
 * transaction wrote and then took back; a save built on it would later pass its `version = :v` condition against
 * the next transaction's own version :v and overwrite that transaction's change (a lost update).
 *
 * Across a crash: before its first write, a transaction writes the items as they were to a journal file (synced);
 * the journal is removed once the last write is done or the first failure undone. A journal found at start
 * belongs to a transaction the process did not finish (killed midway), and its items are put back as they were,
 * so a transaction is all-or-nothing on disk too.
 */

type Json = Record<string, unknown>;
type AttributeMap = Record<string, unknown>;

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);
const READS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan']);

/**
 * Writes one at a time; reads together, but never beside a write. First come, first served: a write waiting for the
 * reads under way holds back the reads that come after it, so writes are never starved.
 */
class ReadWriteGate {
  private readers = 0;
  private writing = false;
  private readonly waiting: { exclusive: boolean; start: () => void }[] = [];

  private pump() {
    while (this.waiting.length) {
      const next = this.waiting[0]!;
      if (next.exclusive) {
        if (this.writing || this.readers > 0) return;
        this.writing = true;
      } else {
        if (this.writing) return;
        this.readers++;
      }
      this.waiting.shift();
      next.start();
    }
  }

  private run<T>(exclusive: boolean, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        const done = () => {
          if (exclusive) this.writing = false;
          else this.readers--;
          this.pump();
        };
        work().then(resolve, reject).finally(done);
      };
      this.waiting.push({ exclusive, start });
      this.pump();
    });
  }

  write<T>(work: () => Promise<T>): Promise<T> {
    return this.run(true, work);
  }

  read<T>(work: () => Promise<T>): Promise<T> {
    return this.run(false, work);
  }
}

class DynamoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly extra: Json = {},
  ) {
    super(message);
  }
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

interface JournalEntry {
  table: string;
  key: AttributeMap;
  /** The item before the transaction; absent when it did not exist. */
  item?: AttributeMap;
}

/** Writes the file and syncs it to disk before answering: a journal that is not on disk protects nothing. */
function writeDurably(file: string, text: string) {
  const temporary = `${file}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

export function withTransactions(dynaliteServer: http.Server, journalFile?: string): Promise<http.Server> {
  const dynaliteListener = dynaliteServer.listeners('request')[0] as http.RequestListener;
  const gate = new ReadWriteGate();
  const keySchemas = new Map<string, string[]>();
  let innerPort = 0;

  async function call(operation: string, payload: Json, headers: http.IncomingHttpHeaders): Promise<Json> {
    const response = await fetch(`http://127.0.0.1:${innerPort}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `DynamoDB_20120810.${operation}`,
        authorization: String(headers.authorization ?? 'AWS4-HMAC-SHA256 Credential=local/20200101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=0'),
        'x-amz-date': String(headers['x-amz-date'] ?? '20200101T000000Z'),
      },
      body: JSON.stringify(payload),
    });
    const body = (await response.json()) as Json;
    if (!response.ok) {
      const type = String(body.__type ?? '').split('#').pop() ?? 'InternalFailure';
      throw new DynamoError(type, String(body.message ?? body.Message ?? type));
    }
    return body;
  }

  async function putBack(entry: JournalEntry, headers: http.IncomingHttpHeaders = {}) {
    if (entry.item) await call('PutItem', { TableName: entry.table, Item: entry.item }, headers);
    else await call('DeleteItem', { TableName: entry.table, Key: entry.key }, headers);
  }
  function openJournal(entries: JournalEntry[]) {
    if (journalFile) writeDurably(journalFile, JSON.stringify(entries));
  }
  function closeJournal() {
    if (journalFile && existsSync(journalFile)) unlinkSync(journalFile);
  }
  /** A journal left by a killed process: its transaction is undone before anything else is served. */
  async function undoUnfinished() {
    if (!journalFile || !existsSync(journalFile)) return;
    // dynalite opens its LevelDB files after it listens; the first calls may find it closed.
    for (let waited = 0; ; waited += 50) {
      try {
        await call('ListTables', {}, {});
        break;
      } catch (error) {
        if (waited > 10_000) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    // Written whole or not at all (renamed into place), so a journal that exists is complete.
    const entries = JSON.parse(readFileSync(journalFile, 'utf8')) as JournalEntry[];
    for (const entry of entries.reverse()) await putBack(entry);
    closeJournal();
  }

  async function keyOf(table: string, item: AttributeMap, headers: http.IncomingHttpHeaders): Promise<AttributeMap> {
    if (!keySchemas.has(table)) {
      const described = await call('DescribeTable', { TableName: table }, headers);
      const schema = (described.Table as { KeySchema: { AttributeName: string }[] }).KeySchema.map((k) => k.AttributeName);
      keySchemas.set(table, schema);
    }
    return Object.fromEntries(keySchemas.get(table)!.map((name) => [name, item[name]]));
  }

  /**
   * DynamoDB makes TransactWriteItems idempotent by ClientRequestToken for 10 minutes, and the SDK sends one and
   * keeps it across its own retries: a retry of a transaction that was applied (its answer lost or late) must
   * answer success again, not fail on the conditions the first try already changed.
   */
  const committed = new Map<string, { request: string; at: number }>();
  const TOKEN_MS = 10 * 60_000;
  function alreadyCommitted(request: Json): boolean {
    const token = request.ClientRequestToken;
    if (typeof token !== 'string') return false;
    const now = Date.now();
    for (const [key, entry] of committed) if (now - entry.at > TOKEN_MS) committed.delete(key);
    const earlier = committed.get(token);
    if (!earlier) return false;
    if (earlier.request !== JSON.stringify(request.TransactItems)) {
      throw new DynamoError('IdempotentParameterMismatchException', 'The request uses the same client token as a previous, but non-identical request.');
    }
    return true;
  }
  function remember(request: Json) {
    if (typeof request.ClientRequestToken === 'string') committed.set(request.ClientRequestToken, { request: JSON.stringify(request.TransactItems), at: Date.now() });
  }

  async function transactWrite(request: Json, headers: http.IncomingHttpHeaders): Promise<Json> {
    if (alreadyCommitted(request)) return {};
    const items = (request.TransactItems as Json[] | undefined) ?? [];
    if (!items.length || items.length > 100) {
      throw new DynamoError('ValidationException', 'Member must have length between 1 and 100 for TransactItems');
    }
    const plan = await Promise.all(
      items.map(async (entry) => {
        const [kind, op] = Object.entries(entry)[0] as [string, Json];
        const table = String(op.TableName);
        const key = kind === 'Put' ? await keyOf(table, op.Item as AttributeMap, headers) : (op.Key as AttributeMap);
        return { kind, op, table, key, id: `${table}|${JSON.stringify(key)}` };
      }),
    );
    if (new Set(plan.map((p) => p.id)).size !== plan.length) {
      throw new DynamoError('ValidationException', 'Transaction request cannot include multiple operations on one item');
    }
    const before: (AttributeMap | undefined)[] = [];
    for (const step of plan) {
      const current = await call('GetItem', { TableName: step.table, Key: step.key, ConsistentRead: true }, headers);
      before.push(current.Item as AttributeMap | undefined);
    }
    const applied: number[] = [];
    const restore = async () => {
      for (const index of applied.reverse()) {
        const step = plan[index]!;
        await putBack({ table: step.table, key: step.key, item: before[index] }, headers);
      }
      closeJournal();
    };
    openJournal(plan.map((step, i) => ({ table: step.table, key: step.key, item: before[i] })));
    for (const [index, step] of plan.entries()) {
      const condition = {
        ConditionExpression: step.op.ConditionExpression,
        ExpressionAttributeNames: step.op.ExpressionAttributeNames,
        ExpressionAttributeValues: step.op.ExpressionAttributeValues,
      };
      try {
        applied.push(index);
        if (step.kind === 'Put') await call('PutItem', { TableName: step.table, Item: step.op.Item, ...condition }, headers);
        else if (step.kind === 'Delete') await call('DeleteItem', { TableName: step.table, Key: step.key, ...condition }, headers);
        else if (step.kind === 'Update')
          await call('UpdateItem', { TableName: step.table, Key: step.key, UpdateExpression: step.op.UpdateExpression, ...condition }, headers);
        else if (step.kind === 'ConditionCheck') {
          const names = { ...(condition.ExpressionAttributeNames as Json), '#txNoop': '__transactionCheck' };
          await call('UpdateItem', { TableName: step.table, Key: step.key, UpdateExpression: 'REMOVE #txNoop', ...condition, ExpressionAttributeNames: names }, headers);
        } else throw new DynamoError('ValidationException', `Unknown transaction operation ${step.kind}`);
      } catch (error) {
        await restore();
        if (error instanceof DynamoError && error.type === 'ConditionalCheckFailedException') {
          const reasons = plan.map((p, i) =>
            i === index
              ? {
                  Code: 'ConditionalCheckFailed',
                  Message: 'The conditional request failed',
                  ...(p.op.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && before[i] ? { Item: before[i] } : {}),
                }
              : { Code: 'None' },
          );
          throw new DynamoError(
            'TransactionCanceledException',
            `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
            { CancellationReasons: reasons },
          );
        }
        throw error;
      }
    }
    // A condition check leaves the item as it was; one that created an empty item is removed again.
    for (const [index, step] of plan.entries()) {
      if (step.kind === 'ConditionCheck' && !before[index]) await call('DeleteItem', { TableName: step.table, Key: step.key }, headers);
    }
    closeJournal();
    remember(request);
    return {};
  }

  async function transactGet(request: Json, headers: http.IncomingHttpHeaders): Promise<Json> {
    const items = (request.TransactItems as { Get: Json }[] | undefined) ?? [];
    const responses = [];
    for (const { Get } of items) {
      const out = await call('GetItem', { TableName: Get.TableName, Key: Get.Key, ProjectionExpression: Get.ProjectionExpression, ExpressionAttributeNames: Get.ExpressionAttributeNames, ConsistentRead: true }, headers);
      responses.push(out.Item ? { Item: out.Item } : {});
    }
    return { Responses: responses };
  }

  const front = http.createServer((req, res) => {
    const target = String(req.headers['x-amz-target'] ?? '').split('.').pop() ?? '';
    const answer = (status: number, body: Json) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify(body));
    };
    const fail = (error: unknown) => {
      if (error instanceof DynamoError) {
        answer(400, { __type: `com.amazonaws.dynamodb.v20120810#${error.type}`, message: error.message, ...error.extra });
      } else {
        answer(500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalFailure', message: (error as Error).message });
      }
    };
    if (target === 'TransactWriteItems' || target === 'TransactGetItems') {
      readBody(req)
        .then((text) => {
          const request = JSON.parse(text) as Json;
          return target === 'TransactWriteItems' ? gate.write(() => transactWrite(request, req.headers)) : gate.read(() => transactGet(request, req.headers));
        })
        .then((body) => answer(200, body), fail);
      return;
    }
    if (WRITES.has(target) || READS.has(target)) {
      const pass = () =>
        new Promise<void>((resolve) => {
          res.once('close', resolve);
          res.once('finish', resolve);
          dynaliteListener(req, res);
        });
      void (WRITES.has(target) ? gate.write(pass) : gate.read(pass));
      return;
    }
    dynaliteListener(req, res);
  });

  return new Promise((resolve, reject) => {
    dynaliteServer.once('error', reject);
    dynaliteServer.listen(0, '127.0.0.1', () => {
      innerPort = (dynaliteServer.address() as AddressInfo).port;
      undoUnfinished().then(() => resolve(front), reject);
    });
  });
}
