import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws.js';
import { getItem, putItem, tableName } from '../lib/db.js';
import { searchKey, tenantPk } from '../lib/keys.js';

export interface ResetCode {
  codeHash: string;
  expiresAt: number;
  attempts: number;
}

const key = (tenantId: string, userName: string) => ({ pk: tenantPk(tenantId, 'PASSWORD_RESET'), sk: searchKey(userName) });

/** One pending password-reset code per user; DynamoDB's TTL removes stale ones. */
export const resetCodeData = {
  async put(tenantId: string, userName: string, code: ResetCode) {
    await putItem({ ...key(tenantId, userName), entity: 'passwordReset', ...code });
  },
  get: (tenantId: string, userName: string) => getItem<ResetCode>(key(tenantId, userName).pk, key(tenantId, userName).sk),
  /**
   * Counts one guess at the pending code, atomically, and answers the code to compare it with; undefined when
   * there is none, it has expired, or `maxAttempts` guesses were already counted.
   */
  async countAttempt(tenantId: string, userName: string, maxAttempts: number, now: Date): Promise<ResetCode | undefined> {
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key(tenantId, userName),
          UpdateExpression: 'ADD attempts :one',
          ConditionExpression: 'attribute_exists(pk) AND attempts < :max AND expiresAt > :now',
          ExpressionAttributeValues: { ':one': 1, ':max': maxAttempts, ':now': Math.floor(now.getTime() / 1000) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes as ResetCode;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
      throw error;
    }
  },
  async remove(tenantId: string, userName: string) {
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: key(tenantId, userName) }));
  },
};
