import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { AccountRootPrincipal, Effect, PolicyStatement, Role, type IGrantable, type IRole } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { assetsLayout } from '../../shared/assets.js';
import { AUDIT_PARTITION, TENANT_DIRECTORY, tenantPk } from '../../functions/lib/keys.js';

const readActions = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
// Transactions are authorised per item against these same actions, so TransactWriteItems needs no action of its own.
const writeActions = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

/** The session tag a function sets when it assumes a tenant role; the roles' policies read it back. */
export const TENANT_TAG = 'tenant';
const tenantOfSession = `\${aws:PrincipalTag/${TENANT_TAG}}`;

/** The environment variable through which a function learns which tenant role to assume (functions/lib/config.ts). */
export const TENANT_ACCESS_ROLE_ENV = 'TENANT_ACCESS_ROLE_ARN';

export interface TenantAccessRolesProps {
  table: ITable;
  assetsBucket: IBucket;
}

/**
 * The tenant fence in IAM (the AWS SaaS pattern of dynamically generated policies): a request's data access runs
 * with credentials of one of these roles, assumed with the session tag `tenant=<id>` taken from the verified token.
 * The role allows only items whose partition key (table or index) starts with `T#<id>#` and only objects under
 * `t/<id>/` and `tmp/<id>/`. A handler bug that builds another shop's key is refused by AWS, not only by the code.
 * Scan and table-level actions are absent: a keyless request would satisfy a `ForAllValues` condition vacuously.
 */
export class TenantAccessRoles extends Construct {
  /** For the domain functions, the payment steps and the daily report. */
  readonly readWrite: Role;
  /** For the pre-token trigger, which only reads a user's roles. */
  readonly readOnly: Role;

  constructor(scope: Construct, id: string, props: TenantAccessRolesProps) {
    super(scope, id);
    this.readWrite = this.role('ReadWrite', props, [...readActions, ...writeActions], ['s3:GetObject', 's3:PutObject', 's3:DeleteObject']);
    this.readOnly = this.role('ReadOnly', props, readActions, ['s3:GetObject']);
    // Audit records are only ever added (a Put of a new key, in the transaction of the change they record): no
    // function may update or delete an item of a shop's audit partition, whatever its code does.
    this.readWrite.addToPolicy(
      new PolicyStatement({
        effect: Effect.DENY,
        actions: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [tenantPk('*', AUDIT_PARTITION)] } },
      }),
    );
  }

  private role(id: string, props: TenantAccessRolesProps, tableActions: string[], objectActions: string[]): Role {
    const role = new Role(this, id, {
      description: `One shop's ${id === 'ReadOnly' ? 'read-only ' : ''}data, named by the session tag ${TENANT_TAG}`,
      // Only this account's principals with an identity policy naming this role, and only with the tenant tag set.
      assumedBy: new AccountRootPrincipal()
        .withSessionTags()
        .withConditions({ StringLike: { [`aws:RequestTag/${TENANT_TAG}`]: '?*' }, 'ForAllValues:StringEquals': { 'aws:TagKeys': [TENANT_TAG] } }),
    });
    role.addToPolicy(
      new PolicyStatement({
        actions: tableActions,
        resources: [props.table.tableArn, `${props.table.tableArn}/index/*`],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`T#${tenantOfSession}#*`] } },
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: objectActions,
        resources: [assetsLayout.tenantPrefix, assetsLayout.scratchPrefix].map((prefix) => props.assetsBucket.arnForObjects(`${prefix}/${tenantOfSession}/*`)),
      }),
    );
    return role;
  }
}

/** Lets a function assume `role` with a tenant tag, and tells it the role's ARN. */
export function useTenantAccess(fn: LambdaFunction, role: IRole): void {
  fn.addToRolePolicy(new PolicyStatement({ actions: ['sts:AssumeRole', 'sts:TagSession'], resources: [role.roleArn] }));
  fn.addEnvironment(TENANT_ACCESS_ROLE_ENV, role.roleArn);
}

/**
 * The platform's named path across shops, on the function's own role: reading the tenant directory (one partition
 * of gsi1) and nothing else of the table.
 */
export function grantDirectoryRead(grantee: IGrantable, table: ITable): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['dynamodb:Query'],
      resources: [`${table.tableArn}/index/*`],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TENANT_DIRECTORY] } },
    }),
  );
}
