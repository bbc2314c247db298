import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand, TransactGetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { answer, route } from '../../shared/routes/define.js';
import { clientsOf, dynamo, TENANT_CLIENTS_KEPT } from '../../functions/lib/aws.js';
import { batchGet, getItem, query, transact } from '../../functions/lib/db.js';
import { domainHandler, type ApiEvent } from '../../functions/lib/handler.js';
import { s3 } from '../../functions/lib/s3.js';
import { asPlatform, checkDynamoCommand, checkObjectKey, inRequest, inTenant } from '../../functions/lib/tenant-scope.js';

// The fence checks run before anything is sent, so no emulator is needed: only the names the SDK wants.
Object.assign(process.env, { TABLE_NAME: 'table', ASSETS_BUCKET: 'assets', LOCAL_AWS: '1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });

const own = { tenantId: 'acme' };
const refused = /outside tenant acme refused/;

describe('the DynamoDB side of the tenant fence (what IAM LeadingKeys checks in AWS)', () => {
  const commands = (pk: string) => [
    new GetCommand({ TableName: 't', Key: { pk, sk: 'x' } }),
    new PutCommand({ TableName: 't', Item: { pk, sk: 'x' } }),
    new UpdateCommand({ TableName: 't', Key: { pk, sk: 'x' }, UpdateExpression: 'SET a = :a', ExpressionAttributeValues: { ':a': 1 } }),
    new DeleteCommand({ TableName: 't', Key: { pk, sk: 'x' } }),
    new QueryCommand({ TableName: 't', IndexName: 'gsi1', KeyConditionExpression: '#pk = :pk', ExpressionAttributeNames: { '#pk': 'gsi1pk' }, ExpressionAttributeValues: { ':pk': pk } }),
    new TransactWriteCommand({
      TransactItems: [{ Put: { TableName: 't', Item: { pk: 'T#acme#A', sk: '1' } } }, { ConditionCheck: { TableName: 't', Key: { pk, sk: '1' }, ConditionExpression: 'attribute_exists(pk)' } }],
    }),
    new TransactGetCommand({ TransactItems: [{ Get: { TableName: 't', Key: { pk: 'T#acme#A', sk: '1' } } }, { Get: { TableName: 't', Key: { pk, sk: '2' } } }] }),
    new BatchGetCommand({ RequestItems: { t: { Keys: [{ pk: 'T#acme#A', sk: '1' }, { pk, sk: '2' }] } } }),
    new BatchWriteCommand({ RequestItems: { t: [{ PutRequest: { Item: { pk: 'T#acme#A', sk: '1' } } }, { DeleteRequest: { Key: { pk, sk: '2' } } }] } }),
  ];

  it("passes every kind of command that names only the tenant's own partitions", () => {
    for (const command of commands('T#acme#PRODUCT')) {
      expect(() => checkDynamoCommand(own, command), command.constructor.name).not.toThrow();
    }
  });

  it("refuses every kind of command that names another tenant's partition, even one whose id starts the same", () => {
    for (const pk of ['T#acme2#PRODUCT', 'T#other#PRODUCT', 'TENANTS', 'T#acme', '']) {
      for (const command of commands(pk)) {
        expect(() => checkDynamoCommand(own, command), `${command.constructor.name} ${pk}`).toThrow(refused);
      }
    }
  });

  it('refuses a scan, which names no key at all', () => {
    expect(() => checkDynamoCommand(own, new ScanCommand({ TableName: 't' }))).toThrow(/not allowed/);
  });

  it("refuses a command the data layer does not send, even one naming the tenant's own partition", () => {
    expect(() => checkDynamoCommand(own, new GetItemCommand({ TableName: 't', Key: { pk: { S: 'T#acme#PRODUCT' }, sk: { S: 'x' } } }))).toThrow(/not allowed/);
    expect(() => checkDynamoCommand(own, { input: { Key: { pk: 'T#acme#PRODUCT', sk: 'x' } } })).toThrow(/not allowed/);
  });

  it("lets the platform's path read the tenant directory and nothing of any shop", () => {
    const fence = { directory: 'TENANTS' };
    const directory = new QueryCommand({ TableName: 't', KeyConditionExpression: '#pk = :pk', ExpressionAttributeValues: { ':pk': 'TENANTS' } });
    expect(() => checkDynamoCommand(fence, directory)).not.toThrow();
    const shop = new GetCommand({ TableName: 't', Key: { pk: 'T#acme#TENANT', sk: 'PROFILE' } });
    expect(() => checkDynamoCommand(fence, shop)).toThrow(/outside the tenant directory/);
  });
});

describe('the S3 side of the tenant fence', () => {
  it("passes the tenant's files and scratch files, and nothing else", () => {
    expect(() => checkObjectKey('acme', 't/acme/products/1.png')).not.toThrow();
    expect(() => checkObjectKey('acme', 'tmp/acme/upload.xlsx')).not.toThrow();
    for (const key of ['t/acme2/products/1.png', 't/other/x.png', 'tmp/other/x', 'templates/x.xlsx', 't/acme', undefined]) {
      expect(() => checkObjectKey('acme', key), String(key)).toThrow(/outside tenant acme/);
    }
  });

  it("will not even sign a URL for another tenant's object", async () => {
    const command = new GetObjectCommand({ Bucket: 'assets', Key: 't/other/products/1.png' });
    await expect(inTenant('acme', () => getSignedUrl(s3(), command, { expiresIn: 60 }))).rejects.toThrow(/outside tenant acme/);
    const mine = await inTenant('acme', () => getSignedUrl(s3(), new GetObjectCommand({ Bucket: 'assets', Key: 't/acme/products/1.png' }), { expiresIn: 60 }));
    expect(mine).toContain('t/acme/products/1.png');
  });

  it('refuses an upload outside the tenant before anything is sent', async () => {
    await expect(inTenant('acme', () => s3().send(new PutObjectCommand({ Bucket: 'assets', Key: 'tmp/other/x', Body: 'x' })))).rejects.toThrow(/outside tenant acme/);
  });
});

describe('the clients the data layer gets', () => {
  it('are fenced to the tenant in scope for every data-layer call', async () => {
    const calls: (() => Promise<unknown>)[] = [
      () => getItem('T#other#TENANT', 'PROFILE'),
      () => query({ pk: 'T#other#PRODUCT' }),
      () => batchGet([{ pk: 'T#other#PRODUCT', sk: '1' }]),
      () => transact([{ Put: { TableName: 't', Item: { pk: 'T#other#PRODUCT', sk: '1' } } }]),
    ];
    for (const call of calls) await expect(inTenant('acme', call)).rejects.toThrow(refused);
  });

  it('are refused to a request that names no shop, which may use only the platform path', async () => {
    await expect(inRequest(undefined, () => getItem('T#acme#TENANT', 'PROFILE'))).rejects.toThrow(/outside a shop/);
    await expect(inRequest(undefined, async () => s3())).rejects.toThrow(/outside a shop/);
    await expect(asPlatform(() => getItem('T#acme#TENANT', 'PROFILE'))).rejects.toThrow(/outside the tenant directory/);
    await expect(asPlatform(async () => s3())).rejects.toThrow(/no access to shop files/);
  });

  it('are kept per tenant, so a warm container builds them once, and only for a bounded number of tenants', async () => {
    const first = await inTenant('acme', async () => dynamo());
    expect(await inTenant('acme', async () => dynamo())).toBe(first);
    expect(await inTenant('other', async () => dynamo())).not.toBe(first);
    for (let i = 0; i < TENANT_CLIENTS_KEPT; i++) clientsOf(`shop-${i}`);
    expect(await inTenant('acme', async () => dynamo())).not.toBe(first);
  });
});

describe('tenant credentials in AWS', () => {
  const sts = mockClient(STSClient);
  const roleArn = 'arn:aws:iam::123456789012:role/tenant-access';
  beforeEach(() => {
    process.env.TENANT_ACCESS_ROLE_ARN = roleArn;
    sts.reset();
    sts.on(AssumeRoleCommand).resolves({
      Credentials: { AccessKeyId: 'AKIA', SecretAccessKey: 'secret', SessionToken: 'token', Expiration: new Date(Date.now() + 3_600_000) },
    });
  });
  afterEach(() => {
    delete process.env.TENANT_ACCESS_ROLE_ARN;
  });

  it('come from the tenant role assumed with the tenant as session tag, once per tenant while they are fresh', async () => {
    const files = await inTenant('fresh-shop', async () => s3());
    expect(await inTenant('fresh-shop', async () => s3())).toBe(files);
    const provider = files.config.credentials as () => Promise<{ accessKeyId: string }>;
    expect((await provider()).accessKeyId).toBe('AKIA');
    await provider();
    const calls = sts.commandCalls(AssumeRoleCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toMatchObject({ RoleArn: roleArn, Tags: [{ Key: 'tenant', Value: 'fresh-shop' }] });
  });

  it('are never the function\'s own: outside any tenant the data layer refuses', async () => {
    await expect(getItem('T#acme#TENANT', 'PROFILE')).rejects.toThrow(/outside a shop/);
  });
});

describe('the handler kit', () => {
  const routes = {
    peek: route({ method: 'GET', path: '/peek/{tenantId}', access: 'signedIn', summary: 'test', params: z.object({ tenantId: z.string() }), response: answer<z.ZodUnknown>() }),
    open: route({ method: 'GET', path: '/open', access: 'public', summary: 'test', response: answer<z.ZodUnknown>() }),
  };
  const seen: (string | undefined)[] = [];
  const handler = domainHandler(
    'fence-test',
    routes,
    {
      peek: ({ params }) => getItem(`T#${params.tenantId}#TENANT`, 'PROFILE'),
      open: async () => {
        seen.push((await import('../../functions/lib/tenant-scope.js')).currentScope()?.tenantId);
        return null;
      },
    },
    { standing: async () => undefined, share: async () => undefined },
  );
  const event = (routeKey: string, path: string, extra: Partial<ApiEvent> = {}): ApiEvent =>
    ({ routeKey, rawPath: path, headers: {}, requestContext: { requestId: 'r1' }, ...extra }) as never;
  const claims = { authorizer: { jwt: { claims: { 'custom:tenantId': 'acme', email: 'owner@acme.shop', features: '' }, scopes: [] } } };

  it("runs a signed-in request as the token's tenant: a handler that builds another shop's key gets nothing", async () => {
    const answer = await handler(event('GET /peek/{tenantId}', '/peek/other', { pathParameters: { tenantId: 'other' }, requestContext: { requestId: 'r2', ...claims } as never }), {} as Context);
    expect(answer.statusCode).toBe(500);
    expect(JSON.parse(String(answer.body))).toEqual({ message: 'Something went wrong!!! Please try again.' });
  });

  it('runs a public request as the shop it names in X-TenantID, and as no shop without one', async () => {
    await handler(event('GET /open', '/open', { headers: { 'X-TenantID': 'Acme' } }), {} as Context);
    await handler(event('GET /open', '/open'), {} as Context);
    await handler(event('GET /open', '/open', { headers: { 'X-TenantID': '../T#other' } }), {} as Context);
    expect(seen).toEqual(['acme', undefined, undefined]);
  });
});
