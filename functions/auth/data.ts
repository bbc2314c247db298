import { createHash } from 'node:crypto';
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

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The challenges sign-in may answer: choose a first password, or give the authenticator app's code. */
export type ChallengeName = 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA';

/** How long a challenge session (the first-password or authenticator-code step after sign-in) may be answered: Cognito's own 3 minutes, and a little. */
export const CHALLENGE_SECONDS = 5 * 60;

const challengeKey = (tenantId: string, session: string) => ({ pk: tenantPk(tenantId, 'CHALLENGE'), sk: digest(session) });

/**
 * Who each challenge session was issued to, kept server-side by its hash, so a made-up session or another user's
 * is refused whatever the identity provider checks. DynamoDB's TTL removes stale ones.
 */
export const challengeData = {
  async put(tenantId: string, session: string, userName: string, now: Date, challenge: ChallengeName = 'NEW_PASSWORD_REQUIRED') {
    await putItem({
      ...challengeKey(tenantId, session),
      entity: 'challenge',
      userName: searchKey(userName),
      challenge,
      expiresAt: Math.floor(now.getTime() / 1000) + CHALLENGE_SECONDS,
    });
  },
  /** Whether `session` was issued to `userName`, for this kind of challenge, and is still open. */
  async belongsTo(tenantId: string, session: string, userName: string, now: Date, challenge: ChallengeName = 'NEW_PASSWORD_REQUIRED'): Promise<boolean> {
    const key = challengeKey(tenantId, session);
    const item = await getItem<{ userName: string; expiresAt: number; challenge?: ChallengeName }>(key.pk, key.sk, true);
    return Boolean(
      item &&
        item.userName === searchKey(userName) &&
        (item.challenge ?? 'NEW_PASSWORD_REQUIRED') === challenge &&
        item.expiresAt > Math.floor(now.getTime() / 1000),
    );
  },
  async remove(tenantId: string, session: string) {
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: challengeKey(tenantId, session) }));
  },
};

/** A device's session lasts as long as its refresh token may (the pool's refresh token validity, 30 days). */
export const DEVICE_SESSION_SECONDS = 30 * 24 * 60 * 60;

/** One device's session: the refresh token it holds (by hash) and every ID token issued in it (jti -> expiry). */
export interface DeviceSession {
  appUserId: number;
  tokens: Record<string, number>;
}

const deviceKey = (tenantId: string, refreshToken: string) => ({ pk: tenantPk(tenantId, 'DEVICE_SESSION'), sk: digest(refreshToken) });

/**
 * The ID tokens of each device's session, so that Sign Out on a device refuses every token issued in it (the one
 * from sign-in and each refresh), not only the one in hand.
 */
export const deviceSessionData = {
  /** Records an ID token as issued in the session of `refreshToken` (creating the session at sign-in). */
  async addToken(tenantId: string, refreshToken: string, appUserId: number, tokens: Record<string, number>, now: Date) {
    const entries = Object.entries(tokens);
    const names = Object.fromEntries(entries.map(([jti], i) => [`#t${i}`, jti]));
    const values = Object.fromEntries(entries.map(([, exp], i) => [`:t${i}`, exp]));
    const base = {
      TableName: tableName(),
      Key: deviceKey(tenantId, refreshToken),
      ConditionExpression: 'attribute_not_exists(pk) OR appUserId = :user',
    };
    // Two steps, each atomic: the map exists, then the tokens go into it (parallel refreshes all stay listed).
    await dynamo().send(
      new UpdateCommand({
        ...base,
        UpdateExpression: 'SET tokens = if_not_exists(tokens, :empty), appUserId = :user, entity = :entity, expiresAt = :expires',
        ExpressionAttributeValues: { ':empty': {}, ':user': appUserId, ':entity': 'deviceSession', ':expires': Math.floor(now.getTime() / 1000) + DEVICE_SESSION_SECONDS },
      }),
    );
    if (!entries.length) return;
    // Tokens of the session already expired need no refusal: they leave the list, which so stays a few entries long.
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const listed = (await deviceSessionData.get(tenantId, refreshToken))?.tokens ?? {};
    const expired = Object.entries(listed)
      .filter(([jti, until]) => until < nowSeconds && tokens[jti] === undefined)
      .map(([jti]) => jti);
    const oldNames = Object.fromEntries(expired.map((jti, i) => [`#o${i}`, jti]));
    await dynamo().send(
      new UpdateCommand({
        ...base,
        UpdateExpression: `SET ${entries.map((_, i) => `tokens.#t${i} = :t${i}`).join(', ')}${expired.length ? ` REMOVE ${expired.map((_, i) => `tokens.#o${i}`).join(', ')}` : ''}`,
        ExpressionAttributeNames: { ...names, ...oldNames },
        ExpressionAttributeValues: { ...values, ':user': appUserId },
      }),
    );
  },
  async get(tenantId: string, refreshToken: string): Promise<DeviceSession | undefined> {
    const key = deviceKey(tenantId, refreshToken);
    return getItem<DeviceSession>(key.pk, key.sk, true);
  },
  async remove(tenantId: string, refreshToken: string) {
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: deviceKey(tenantId, refreshToken) }));
  },
};
