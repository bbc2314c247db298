import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';

const readActions = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
// Transactions are authorised per item against these same actions, so TransactWriteItems needs no action of its own.
const writeActions = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

export interface TenantTableAccessOptions {
  readOnly?: boolean;
  /** Partition keys outside any tenant that this function may also touch (the tenant directory). */
  extraLeadingKeys?: string[];
}

/**
 * Grants item access to the single table only for partition keys that belong to a tenant (`T#...`), on the table
 * and its indexes. Scan and table-level actions are deliberately absent: a request without keys would satisfy a
 * `ForAllValues` condition vacuously, so the fence holds only because no keyless action is allowed at all.
 */
export function grantTenantTableAccess(grantee: IGrantable, table: ITable, options: TenantTableAccessOptions = {}): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      actions: options.readOnly ? readActions : [...readActions, ...writeActions],
      resources: [table.tableArn, `${table.tableArn}/index/*`],
      conditions: {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['T#*', ...(options.extraLeadingKeys ?? [])] },
      },
    }),
  );
}
