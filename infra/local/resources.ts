import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '../../shared/table.js';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Creates the single table from the shared definition unless it exists (dynalite keeps it across restarts). */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials });
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    client.destroy();
    // dynalite cannot add an index to a table it keeps: a table kept from before an index was defined needs a fresh start.
    const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    const missing = tableDefinition.globalIndexes.filter((index) => !present.has(index.name)).map((index) => index.name);
    if (missing.length) throw new Error(`The kept table ${tableName} has no index ${missing.join(', ')}: delete the data folder (.local/) to start afresh.`);
    return;
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  const attributes = new Set<string>([tableDefinition.partitionKey, tableDefinition.sortKey]);
  for (const index of tableDefinition.globalIndexes) {
    attributes.add(index.partitionKey);
    attributes.add(index.sortKey);
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributes].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  client.destroy();
}

export interface UserPoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

/**
 * The user pool as CDK defines it in AWS: e-mail-like user names, the custom tenant attribute, and an app client
 * allowing password and refresh-token sign-in. `idTokenMinutes` sets the ID token lifetime (short in tests).
 */
export async function ensureUserPool(endpoint: string, existing: UserPoolIds | undefined, idTokenMinutes: number): Promise<UserPoolIds> {
  const client = new CognitoIdentityProviderClient({ endpoint, region: 'local', credentials });
  try {
    if (existing) {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: existing.userPoolId }));
      return existing;
    }
    const pool = await client.send(
      new CreateUserPoolCommand({
        PoolName: 'shop-users',
        UsernameAttributes: ['email'],
        // As the deployed pool: a user who turned on an authenticator app is asked for its code at sign-in.
        MfaConfiguration: 'OPTIONAL',
        Schema: [{ Name: 'tenantId', AttributeDataType: 'String', Mutable: false }],
        Policies: {
          PasswordPolicy: { MinimumLength: 8, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: false },
        },
      }),
    );
    const userPoolId = pool.UserPool!.Id!;
    const app = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'shop-web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        IdTokenValidity: idTokenMinutes,
        AccessTokenValidity: idTokenMinutes,
        RefreshTokenValidity: 30,
        TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'days' },
      }),
    );
    return { userPoolId, userPoolClientId: app.UserPoolClient!.ClientId! };
  } finally {
    client.destroy();
  }
}
