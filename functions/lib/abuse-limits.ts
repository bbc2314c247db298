import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws.js';
import { config } from './config.js';
import { tableName } from './db.js';
import { AppError, TooManyRequests } from './errors.js';
import { limitKey } from './keys.js';

/** Who is trying: the client address and the time, from the request (a `RequestContext` is one). */
export interface TryContext {
  clientAddress: string;
  now: Date;
}

/** How many tries of one kind one subject (a user name or a client address) may make in a window. */
export interface LimitRule {
  /** Names the counter in the table. */
  counter: string;
  max: number;
  windowSeconds: number;
  /** Counted per client address: scaled by `config.clientLimitFactor` (test stacks, where everyone is 127.0.0.1). */
  perClient?: boolean;
  /** What the 429 says, given the wait; by default "Too many attempts…". */
  refusal?: (wait: string) => string;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A shop's messages from its own sender (e-mail through SES, WhatsApp through the Cloud API) in an hour. */
export const SHOP_MESSAGES_PER_HOUR = 200;
/** Sends of one bill, or messages to one address without a bill, in a day. */
export const SENDS_PER_DAY = 5;

/**
 * The limits of the public routes. The tight ones are per user name (and per account): a guesser at one account is
 * stopped after a few tries whoever they are. Those per client address are ceilings only: a shop's tills share one
 * address, and a mobile network puts thousands of phones behind one (carrier-grade NAT), so one mistyping cashier
 * must never lock out the others; the ceilings stop one address spraying many user names. Failures are what
 * sign-in and reset-code guesses count: a success gives its try back, so a shop's staff signing in all day from
 * one address never meet a limit.
 */
export const LIMITS = {
  signInUser: { counter: 'SIGNIN_USER', max: 5, windowSeconds: 15 * MINUTE },
  /** Failed sign-ins from one address, of any user names: a ceiling for a sprayer, far above a shop's mistypes. */
  signInClient: { counter: 'SIGNIN_CLIENT', max: 100, windowSeconds: 15 * MINUTE, perClient: true },
  /** Guesses of a reset code per user name: an hour, so asking for a new code does not buy more guesses. */
  resetGuessUser: { counter: 'RESET_GUESS_USER', max: 5, windowSeconds: HOUR },
  resetGuessClient: { counter: 'RESET_GUESS_CLIENT', max: 100, windowSeconds: 15 * MINUTE, perClient: true },
  /** Reset codes asked for (each one an e-mail), counted whether or not the user exists. */
  resetRequestUser: { counter: 'RESET_REQUEST_USER', max: 3, windowSeconds: HOUR },
  /** A ceiling: a whole shop's staff (and a network's phones) behind one address reset their passwords in an hour. */
  resetRequestClient: { counter: 'RESET_REQUEST_CLIENT', max: 100, windowSeconds: HOUR, perClient: true },
  /** Sign-ups from one address in a shop, refused ones included (a refusal tells whether a mobile number is taken). */
  signUpClient: { counter: 'SIGNUP_CLIENT', max: 30, windowSeconds: HOUR, perClient: true },
  /** Sign-ups with one mailbox in a shop (counted as mail servers deliver it: case and `+tag` make no new one). */
  signUpMailbox: { counter: 'SIGNUP_MAILBOX', max: 5, windowSeconds: DAY },
  /** Every message a shop sends (counted per shop, whoever sends it). */
  messagesOfShop: {
    counter: 'MESSAGE_SHOP',
    max: SHOP_MESSAGES_PER_HOUR,
    windowSeconds: HOUR,
    refusal: (wait) => `Your shop has sent ${SHOP_MESSAGES_PER_HOUR} messages in the last hour, the most it may. Please try again in ${wait}.`,
  },
  /** One bill's receipt, by e-mail and WhatsApp together. */
  sendsOfBill: {
    counter: 'MESSAGE_BILL',
    max: SENDS_PER_DAY,
    windowSeconds: DAY,
    refusal: (wait) => `This bill was already sent ${SENDS_PER_DAY} times today. It can be sent again in ${wait}.`,
  },
  /** Messages without a bill to one e-mail address or mobile number. */
  messagesToOne: {
    counter: 'MESSAGE_TO',
    max: SENDS_PER_DAY,
    windowSeconds: DAY,
    refusal: (wait) => `This customer was already sent ${SENDS_PER_DAY} messages today. Please try again in ${wait}.`,
  },
} satisfies Record<string, LimitRule>;

interface Counter {
  attempts: number;
  windowStart: number;
}

const maxOf = (rule: LimitRule) => (rule.perClient ? rule.max * config.clientLimitFactor() : rule.max);
const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/** A counted try; `release` gives it back (the try succeeded, or failed for a reason that is not the caller's). */
export interface Reservation {
  release(): Promise<void>;
}

/**
 * Counts one try before it is made, atomically: the conditional update refuses once the window holds `max`, so
 * parallel tries cannot all pass a check made before any of them is counted. The window starts at the first try
 * and lasts `windowSeconds`; the item's TTL removes it afterwards.
 */
async function reserveOne(tenantId: string, rule: LimitRule, subject: string, now: Date): Promise<Reservation> {
  const key = limitKey(tenantId, rule.counter, subject);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const cutoff = nowSeconds - rule.windowSeconds;
  const max = maxOf(rule);
  for (let round = 0; round < 5; round++) {
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'ADD attempts :one',
          ConditionExpression: 'windowStart > :cutoff AND attempts < :max',
          ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff, ':max': max },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return releaser(key, (out.Attributes as Counter | undefined)?.windowStart);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const current = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item as Counter | undefined;
    if (current && current.windowStart > cutoff && current.attempts >= max) {
      throw new TooManyRequests(current.windowStart + rule.windowSeconds - nowSeconds, rule.refusal);
    }
    try {
      // No counter, or its window is over: this try opens a new window.
      await dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...key, entity: 'limit', attempts: 1, windowStart: nowSeconds, expiresAt: nowSeconds + rule.windowSeconds },
          ConditionExpression: 'attribute_not_exists(pk) OR windowStart <= :cutoff',
          ExpressionAttributeValues: { ':cutoff': cutoff },
        }),
      );
      return releaser(key, nowSeconds);
    } catch (error) {
      // Another try opened the window first: count against it.
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new TooManyRequests(rule.windowSeconds, rule.refusal);
}

function releaser(key: { pk: string; sk: string }, windowStart: number | undefined): Reservation {
  return {
    async release() {
      if (windowStart === undefined) return;
      try {
        await dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: key,
            UpdateExpression: 'ADD attempts :minus',
            // Only within the window the try was counted in: a new window owes this try nothing.
            ConditionExpression: 'windowStart = :start AND attempts > :zero',
            ExpressionAttributeValues: { ':minus': -1, ':start': windowStart, ':zero': 0 },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}

/**
 * Counts one try against every given limit, or none: when one refuses (429 with when to try again), the tries
 * already counted are given back. The answer is the same whether or not the user name exists.
 */
export async function reserveTries(tenantId: string, limits: [LimitRule, string][], now: Date): Promise<Reservation> {
  const taken: Reservation[] = [];
  try {
    for (const [rule, subject] of limits) taken.push(await reserveOne(tenantId, rule, subject, now));
  } catch (error) {
    await Promise.all(taken.map((t) => t.release()));
    throw error;
  }
  return { release: async () => void (await Promise.all(taken.map((t) => t.release()))) };
}

/**
 * A sign-up from one client address in a shop (30 an hour), and with one mailbox (5 a day). A sign-up refused for what was entered (a taken name or
 * mobile number) stays counted, so the refusals cannot be used to probe who is registered; one that failed on our
 * side (5xx) gives its try back.
 */
export async function countedSignUp<T>(tenantId: string, emailId: string, client: TryContext, signUp: () => Promise<T>): Promise<T> {
  const tries = await reserveTries(tenantId, [[LIMITS.signUpClient, client.clientAddress], [LIMITS.signUpMailbox, mailbox(emailId)]], client.now);
  try {
    return await signUp();
  } catch (error) {
    if (!(error instanceof AppError && error.status < 500)) await tries.release();
    throw error;
  }
}

/**
 * An e-mail address as mail servers deliver it, for limits counted per address: lower case, and without a
 * `+tag` (`Victim+1@Mail.example` reaches `victim@mail.example`). Other text (a mobile number) is only trimmed.
 */
export function mailbox(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return trimmed;
  const local = trimmed.slice(0, at).split('+')[0] || trimmed.slice(0, at);
  return `${local}@${trimmed.slice(at + 1)}`;
}
