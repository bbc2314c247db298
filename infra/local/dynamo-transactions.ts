import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import http from 'node:http';

/**
 * dynalite implements the DynamoDB API except transactions. This front adds TransactWriteItems and
 * TransactGetItems with DynamoDB's semantics for everything the product relies on: all-or-nothing writes, condition
 * checks, `TransactionCanceledException` with per-item `CancellationReasons`, at most 100 distinct items.
 *
 * How: writes (single or transactional) pass one at a time, so they never interleave. A transaction reads the
 * current version of the items it touches in one BatchGetItem, applies its operations together as conditional
 * writes of their own items (handed to dynalite in process, no socket in between), and when any fails restores
 * every item it changed. Reads run together but never while a write is under way: DynamoDB
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

  /**
   * One DynamoDB call to dynalite, in process: its request handler is given the request as an HTTP client would
   * send it (the same validation, expressions and errors), without a socket or an HTTP client in between.
   */
  function call(operation: string, payload: Json, headers: http.IncomingHttpHeaders): Promise<Json> {
    return new Promise((resolve, reject) => {
      const request = Object.assign(new EventEmitter(), {
        method: 'POST',
        url: '/',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': `DynamoDB_20120810.${operation}`,
          authorization: String(headers.authorization ?? 'AWS4-HMAC-SHA256 Credential=local/20200101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=0'),
          'x-amz-date': String(headers['x-amz-date'] ?? '20200101T000000Z'),
        },
      });
      const response = {
        statusCode: 200,
        setHeader: () => response,
        end: (text?: string) => {
          try {
            const body = JSON.parse(text || '{}') as Json;
            if (response.statusCode >= 300) {
              const type = String(body.__type ?? '').split('#').pop() || 'InternalFailure';
              reject(new DynamoError(type, String(body.message ?? body.Message ?? type)));
            } else resolve(body);
          } catch (error) {
            reject(error as Error);
          }
        },
      };
      dynaliteListener(request as unknown as http.IncomingMessage, response as unknown as http.ServerResponse);
      request.emit('data', Buffer.from(JSON.stringify(payload)));
      request.emit('end');
    });
  }

  /** The current items at these keys (consistent reads, 100 keys a call as BatchGetItem takes), in the keys' order. */
  async function readAll(keys: { table: string; key: AttributeMap }[], headers: http.IncomingHttpHeaders): Promise<(AttributeMap | undefined)[]> {
    const found = new Map<string, AttributeMap>();
    const idOf = (table: string, key: AttributeMap) => `${table}|${JSON.stringify(Object.keys(key).sort().map((name) => [name, key[name]]))}`;
    for (let at = 0; at < keys.length; at += 100) {
      let wanted: Record<string, { Keys: AttributeMap[]; ConsistentRead: true }> = {};
      for (const { table, key } of keys.slice(at, at + 100)) (wanted[table] ??= { Keys: [], ConsistentRead: true }).Keys.push(key);
      while (Object.keys(wanted).length) {
        const out = await call('BatchGetItem', { RequestItems: wanted }, headers);
        for (const [table, items] of Object.entries((out.Responses ?? {}) as Record<string, AttributeMap[]>)) {
          for (const item of items) found.set(idOf(table, await keyOf(table, item, headers)), item);
        }
        wanted = (out.UnprocessedKeys ?? {}) as typeof wanted;
      }
    }
    return keys.map(({ table, key }) => found.get(idOf(table, key)));
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
    const before = await readAll(plan, headers);
    openJournal(plan.map((step, i) => ({ table: step.table, key: step.key, item: before[i] })));
    // Each operation is a conditional write of its own item; no other write runs meanwhile (the gate), and no two
    // operations share an item, so they are sent together and each meets the item as the transaction found it.
    const outcomes = await Promise.allSettled(
      plan.map((step) => {
        const condition = {
          ConditionExpression: step.op.ConditionExpression,
          ExpressionAttributeNames: step.op.ExpressionAttributeNames,
          ExpressionAttributeValues: step.op.ExpressionAttributeValues,
        };
        if (step.kind === 'Put') return call('PutItem', { TableName: step.table, Item: step.op.Item, ...condition }, headers);
        if (step.kind === 'Delete') return call('DeleteItem', { TableName: step.table, Key: step.key, ...condition }, headers);
        if (step.kind === 'Update') return call('UpdateItem', { TableName: step.table, Key: step.key, UpdateExpression: step.op.UpdateExpression, ...condition }, headers);
        if (step.kind === 'ConditionCheck') {
          const names = { ...(condition.ExpressionAttributeNames as Json), '#txNoop': '__transactionCheck' };
          return call('UpdateItem', { TableName: step.table, Key: step.key, UpdateExpression: 'REMOVE #txNoop', ...condition, ExpressionAttributeNames: names }, headers);
        }
        return Promise.reject(new DynamoError('ValidationException', `Unknown transaction operation ${step.kind}`));
      }),
    );
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    if (failures.length) {
      // All or nothing: every item written is put back as it was.
      for (const [index, outcome] of outcomes.entries()) {
        if (outcome.status === 'fulfilled') await putBack({ table: plan[index]!.table, key: plan[index]!.key, item: before[index] }, headers);
      }
      closeJournal();
      const failedCondition = (o: PromiseSettledResult<unknown>) =>
        o.status === 'rejected' && o.reason instanceof DynamoError && o.reason.type === 'ConditionalCheckFailedException';
      const other = failures.find((f) => !(f instanceof DynamoError && f.type === 'ConditionalCheckFailedException'));
      if (other) throw other;
      // As DynamoDB: a reason per item, ConditionalCheckFailed for each item whose condition failed.
      const reasons = plan.map((p, i) =>
        failedCondition(outcomes[i]!)
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
      undoUnfinished().then(() => resolve(front), reject);
    });
  });
}
