import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { clientsOf, dynamo } from '../functions/lib/aws.js';
import { inTenant } from '../functions/lib/tenant-scope.js';
import { userData } from '../functions/users/data.js';
import { measure, printTable, timingOf, withStack } from './lib.js';

/**
 * What the tenant fence adds to a request's data access (functions/lib/aws.ts): the same GetItem sent on the
 * plain client and on the tenant's fenced client (scope lookup, key check, per-tenant cache), and the first use
 * of a tenant's clients in a container. In AWS a cold tenant also costs one STS AssumeRole, which no emulator here
 * answers; docs/aws.md says what that adds.
 */
export async function fenceBenchmark(runs: number) {
  await withStack(async () => {
    const user = await userData.byUserName('demo', 'cashier@demo.shop');
    const key = userData.toItem('demo', user!);
    const get = () => dynamo().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: key.pk, sk: key.sk } }));
    const firstUse: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = process.hrtime.bigint();
      clientsOf(`cold-shop-${i}`);
      firstUse.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    const rows = [
      await measure('GetItem on the plain client', get, runs),
      await measure("GetItem on the tenant's fenced client", () => inTenant('demo', get), runs),
      timingOf("first use of a tenant's clients (local, no STS)", firstUse),
    ];
    printTable('Tenant fence: the cost per request and per cold tenant', rows, {
      "GetItem on the tenant's fenced client": 'GetItem on the plain client',
    });
  });
}
