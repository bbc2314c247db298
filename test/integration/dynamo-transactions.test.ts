import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/lib/aws.js';
import { transact } from '../../functions/lib/db.js';
import { Conflict } from '../../functions/lib/errors.js';

/** The local DynamoDB's transactions behave as DynamoDB's do for what the product relies on. */
const TableName = () => process.env.TABLE_NAME!;
const key = (sk: string) => ({ pk: 'T#txtest#STOCK', sk });
const stock = async (sk: string) => (await dynamo().send(new GetCommand({ TableName: TableName(), Key: key(sk) }))).Item;
const take = (sk: string, quantity: number) => ({
  Update: {
    TableName: TableName(),
    Key: key(sk),
    UpdateExpression: 'SET quantity = quantity - :q',
    ConditionExpression: 'quantity >= :q',
    ExpressionAttributeValues: { ':q': quantity },
  },
});

describe('local DynamoDB transactions', () => {
  it('writes all items or none, and says which condition failed', async () => {
    await dynamo().send(new PutCommand({ TableName: TableName(), Item: { ...key('rice'), quantity: 5 } }));
    await dynamo().send(new PutCommand({ TableName: TableName(), Item: { ...key('dal'), quantity: 1 } }));
    const failure = (await dynamo()
      .send(
        new TransactWriteCommand({
          TransactItems: [take('rice', 2), take('dal', 3), { Put: { TableName: TableName(), Item: { ...key('bill'), total: 10 } } }],
        }),
      )
      .catch((error: unknown) => error)) as { name: string; CancellationReasons: { Code: string }[] } | undefined;
    expect(failure?.name).toBe('TransactionCanceledException');
    expect(failure?.CancellationReasons.map((r) => r.Code)).toEqual(['None', 'ConditionalCheckFailed', 'None']);
    expect((await stock('rice'))?.quantity).toBe(5);
    expect(await stock('bill')).toBeUndefined();

    await dynamo().send(new TransactWriteCommand({ TransactItems: [take('rice', 2), take('dal', 1)] }));
    expect((await stock('rice'))?.quantity).toBe(3);
    expect((await stock('dal'))?.quantity).toBe(0);
  });

  it('names every item whose condition failed, writes none, and the product shows the first one\'s message', async () => {
    await dynamo().send(new PutCommand({ TableName: TableName(), Item: { ...key('oil'), quantity: 2 } }));
    await dynamo().send(new PutCommand({ TableName: TableName(), Item: { ...key('salt'), quantity: 1 } }));
    const items = [
      { Put: { TableName: TableName(), Item: { ...key('receipt'), total: 10 } } },
      take('oil', 3),
      take('salt', 4),
      { Update: { TableName: TableName(), Key: key('day'), UpdateExpression: 'ADD sold :one', ExpressionAttributeValues: { ':one': 1 } } },
    ];
    const failure = (await dynamo()
      .send(new TransactWriteCommand({ TransactItems: items }))
      .catch((error: unknown) => error)) as { name: string; CancellationReasons: { Code: string }[] } | undefined;
    expect(failure?.name).toBe('TransactionCanceledException');
    expect(failure?.CancellationReasons.map((r) => r.Code)).toEqual(['None', 'ConditionalCheckFailed', 'ConditionalCheckFailed', 'None']);
    expect(await stock('receipt')).toBeUndefined();
    expect(await stock('day')).toBeUndefined();
    expect((await stock('oil'))?.quantity).toBe(2);
    expect((await stock('salt'))?.quantity).toBe(1);
    await expect(transact(items, [undefined, 'Only 2 oil', 'Only 1 salt', undefined])).rejects.toThrow('Only 2 oil');
  });

  it('lets exactly one of many concurrent buyers take the last unit', async () => {
    await dynamo().send(new PutCommand({ TableName: TableName(), Item: { ...key('last'), quantity: 1 } }));
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => transact([take('last', 1)], ['Only 0 in Stock'])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.reason).toBeInstanceOf(Conflict);
    expect((await stock('last'))?.quantity).toBe(0);
  });

  it('keeps single writes and transactions from interleaving', async () => {
    await dynamo().send(new PutCommand({ TableName: TableName(), Item: { ...key('count'), quantity: 0 } }));
    const add = () =>
      dynamo().send(new UpdateCommand({ TableName: TableName(), Key: key('count'), UpdateExpression: 'ADD quantity :one', ExpressionAttributeValues: { ':one': 1 } }));
    const addInTransaction = () =>
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [{ Update: { TableName: TableName(), Key: key('count'), UpdateExpression: 'ADD quantity :one', ExpressionAttributeValues: { ':one': 1 } } }],
        }),
      );
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? add() : addInTransaction())));
    expect((await stock('count'))?.quantity).toBe(20);
  });

  it('refuses two operations on one item', async () => {
    const error = await dynamo()
      .send(new TransactWriteCommand({ TransactItems: [take('rice', 1), take('rice', 1)] }))
      .then(() => undefined, (e: Error) => e);
    expect(error?.name).toBe('ValidationException');
  });

  it('passes a condition check without changing the item', async () => {
    const before = await stock('rice');
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { ConditionCheck: { TableName: TableName(), Key: key('rice'), ConditionExpression: 'quantity > :z', ExpressionAttributeValues: { ':z': 0 } } },
          { Put: { TableName: TableName(), Item: { ...key('checked'), ok: true } } },
        ],
      }),
    );
    expect(await stock('rice')).toEqual(before);
    expect(await stock('checked')).toMatchObject({ ok: true });
    const missing = await dynamo()
      .send(
        new TransactWriteCommand({
          TransactItems: [{ ConditionCheck: { TableName: TableName(), Key: key('ghost'), ConditionExpression: 'attribute_exists(pk)' } }],
        }),
      )
      .then(() => undefined, (e: Error) => e);
    expect(missing?.name).toBe('TransactionCanceledException');
    expect(await stock('ghost')).toBeUndefined();
  });
});
