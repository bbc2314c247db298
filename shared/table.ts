/**
 * The single DynamoDB table: its key attributes and indexes. CDK, the local stack and the tests build the table
 * from this one definition. Every partition key starts with `T#<tenantId>#`, so IAM `dynamodb:LeadingKeys` can
 * fence a tenant; the one exception is the tenant directory on gsi1 (`TENANTS`), read only by the tenants domain.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'expiresAt',
  globalIndexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    { name: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
    { name: 'gsi5', partitionKey: 'gsi5pk', sortKey: 'gsi5sk' },
    { name: 'gsi6', partitionKey: 'gsi6pk', sortKey: 'gsi6sk' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.globalIndexes)[number]['name'];
