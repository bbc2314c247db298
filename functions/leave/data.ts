import type { Leave, LeaveType } from '../../shared/schemas/leave.js';
import {
  counterWrites,
  getItem,
  mapPage,
  query,
  queryAll,
  queryCursorPage,
  readCounter,
  strip,
  tableName,
  type CursorPage,
  type Item,
  type PageRequest,
  type TransactItem,
} from '../lib/db.js';
import { counterKey, idSk, searchKey, tenantPk } from '../lib/keys.js';

const leavePk = (tenantId: string) => tenantPk(tenantId, 'LEAVE');
const byUserPk = (tenantId: string, userId: number) => tenantPk(tenantId, 'LEAVE_USER', userId);
const byManagerPk = (tenantId: string, managerId: number) => tenantPk(tenantId, 'LEAVE_MANAGER', managerId);
/** The same lists of one leave type (gsi3 for a user, gsi4 for a manager): the type filter is a key condition. */
const byUserTypePk = (tenantId: string, userId: number, leaveMasterId: number) => tenantPk(tenantId, 'LEAVE_USER_TYPE', userId, leaveMasterId);
const byManagerTypePk = (tenantId: string, managerId: number, leaveMasterId: number) => tenantPk(tenantId, 'LEAVE_MANAGER_TYPE', managerId, leaveMasterId);
const byStart = (leave: Pick<Leave, 'startDate' | 'leaveSystemId'>) => `${leave.startDate}#${idSk(leave.leaveSystemId)}`;

const typePk = (tenantId: string) => tenantPk(tenantId, 'LEAVETYPE');
const typeNamePk = (tenantId: string) => tenantPk(tenantId, 'LEAVETYPE_NAME');

/** One partition per user for what must be read strongly and written atomically with their leaves. */
const userLeavePk = (tenantId: string, userId: number) => tenantPk(tenantId, 'USER_LEAVE', userId);
const CALENDAR_SK = 'CALENDAR';
const balanceSk = (year: number, leaveMasterId: number) => `BALANCE#${year}#${idSk(leaveMasterId)}`;

export interface LeaveFilter {
  leaveMasterId?: number;
}

/** A user's leaves, all or of one type: the list's index and partition. */
const userList = (tenantId: string, userId: number, filter: LeaveFilter) =>
  filter.leaveMasterId === undefined ? { index: 'gsi1', pk: byUserPk(tenantId, userId) } : { index: 'gsi3', pk: byUserTypePk(tenantId, userId, filter.leaveMasterId) };
const managerList = (tenantId: string, managerId: number, filter: LeaveFilter) =>
  filter.leaveMasterId === undefined
    ? { index: 'gsi2', pk: byManagerPk(tenantId, managerId) }
    : { index: 'gsi4', pk: byManagerTypePk(tenantId, managerId, filter.leaveMasterId) };

/**
 * The counter items of the lists a leave is on (`counterKey`): its user's leaves, of its type too, and the same for
 * the manager it is filed under. Moved in the transactions that add a leave or move it between lists.
 */
const userCounter = (tenantId: string, userId: number, filter: LeaveFilter) =>
  counterKey(tenantId, `leave#user#${userId}${filter.leaveMasterId === undefined ? '' : `#type#${filter.leaveMasterId}`}`);
const managerCounter = (tenantId: string, managerId: number, filter: LeaveFilter) =>
  counterKey(tenantId, `leave#manager#${managerId}${filter.leaveMasterId === undefined ? '' : `#type#${filter.leaveMasterId}`}`);
const countersOf = (tenantId: string, leave: Leave) => [
  userCounter(tenantId, leave.userId, {}),
  userCounter(tenantId, leave.userId, leave),
  ...(leave.managerId ? [managerCounter(tenantId, leave.managerId, {}), managerCounter(tenantId, leave.managerId, leave)] : []),
];

const toLeave = (item: Item) => strip(item) as Leave;

export const leaveData = {
  async byId(tenantId: string, id: number): Promise<Leave | undefined> {
    const item = await getItem<Item>(leavePk(tenantId), idSk(id));
    return item ? toLeave(item) : undefined;
  },
  /** Saves a leave: a new one must not exist; a changed one must still be at the version it was read at. */
  put(tenantId: string, leave: Leave, readVersion?: number): TransactItem {
    const item: Item = {
      pk: leavePk(tenantId),
      sk: idSk(leave.leaveSystemId),
      gsi1pk: byUserPk(tenantId, leave.userId),
      gsi1sk: byStart(leave),
      gsi3pk: byUserTypePk(tenantId, leave.userId, leave.leaveMasterId),
      gsi3sk: byStart(leave),
      ...(leave.managerId
        ? {
            gsi2pk: byManagerPk(tenantId, leave.managerId),
            gsi2sk: byStart(leave),
            gsi4pk: byManagerTypePk(tenantId, leave.managerId, leave.leaveMasterId),
            gsi4sk: byStart(leave),
          }
        : {}),
      entity: 'leave',
      ...leave,
    };
    return {
      Put: {
        TableName: tableName(),
        Item: item,
        ...(readVersion === undefined
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: 'version = :read', ExpressionAttributeValues: { ':read': readVersion } }),
      },
    };
  },
  /**
   * The counter moves of a new leave (`before` undefined) or of a change from `before`: +1 on the lists the leave is
   * on now, −1 on those it was on (a change of type or manager moves it), none where both agree.
   */
  counts(tenantId: string, leave: Leave, before?: Leave): TransactItem[] {
    return counterWrites([
      ...countersOf(tenantId, leave).map((key) => [key, 1] as const),
      ...(before ? countersOf(tenantId, before).map((key) => [key, -1] as const) : []),
    ]);
  },
  /** A user's leaves (all, or of one type by its own index), latest start first. */
  async ofUser(tenantId: string, userId: number, filter: LeaveFilter, request: PageRequest): Promise<CursorPage<Leave>> {
    return mapPage(await queryCursorPage<Item>({ ...userList(tenantId, userId, filter), descending: true }, request), toLeave);
  },
  /** How many: the list's counter item, one GetItem however many leaves. */
  countOfUser(tenantId: string, userId: number, filter: LeaveFilter): Promise<number> {
    return readCounter(userCounter(tenantId, userId, filter));
  },
  /** The leaves whose employee reported to this manager when they applied or last changed them, latest start first. */
  async ofManager(tenantId: string, managerId: number, filter: LeaveFilter, request: PageRequest): Promise<CursorPage<Leave>> {
    return mapPage(await queryCursorPage<Item>({ ...managerList(tenantId, managerId, filter), descending: true }, request), toLeave);
  },
  countOfManager(tenantId: string, managerId: number, filter: LeaveFilter): Promise<number> {
    return readCounter(managerCounter(tenantId, managerId, filter));
  },
};

export const leaveTypeData = {
  async all(tenantId: string): Promise<LeaveType[]> {
    const items = await queryAll<Item>({ pk: typePk(tenantId) });
    return items.map((item) => strip(item) as LeaveType);
  },
  async byId(tenantId: string, id: number): Promise<LeaveType | undefined> {
    const item = await getItem<Item>(typePk(tenantId), idSk(id));
    return item ? (strip(item) as LeaveType) : undefined;
  },
  /** A new leave type and the claim on its name (names are unique in the shop, in any letter case). */
  create(tenantId: string, type: LeaveType): TransactItem[] {
    return [
      { Put: { TableName: tableName(), Item: leaveTypeData.item(tenantId, type), ConditionExpression: 'attribute_not_exists(pk)' } },
      leaveTypeData.claimName(tenantId, type),
    ];
  },
  /** A changed leave type; a new name moves the name claim. */
  update(tenantId: string, before: LeaveType, after: LeaveType): TransactItem[] {
    const renamed = searchKey(before.leaveType) !== searchKey(after.leaveType);
    return [
      { Put: { TableName: tableName(), Item: leaveTypeData.item(tenantId, after), ConditionExpression: 'attribute_exists(pk)' } },
      ...(renamed ? [leaveTypeData.releaseName(tenantId, before), leaveTypeData.claimName(tenantId, after)] : []),
    ];
  },
  remove(tenantId: string, type: LeaveType): TransactItem[] {
    return [
      { Delete: { TableName: tableName(), Key: { pk: typePk(tenantId), sk: idSk(type.leaveMasterId) }, ConditionExpression: 'attribute_exists(pk)' } },
      leaveTypeData.releaseName(tenantId, type),
    ];
  },
  /** Holds a transaction to the allowance it was computed with (the type may be edited meanwhile). */
  allowanceUnchanged(tenantId: string, type: LeaveType): TransactItem {
    return {
      ConditionCheck: {
        TableName: tableName(),
        Key: { pk: typePk(tenantId), sk: idSk(type.leaveMasterId) },
        ConditionExpression: 'allowance = :allowance',
        ExpressionAttributeValues: { ':allowance': type.allowance },
      },
    };
  },
  item(tenantId: string, type: LeaveType): Item {
    return { pk: typePk(tenantId), sk: idSk(type.leaveMasterId), entity: 'leaveType', ...type };
  },
  claimName(tenantId: string, type: LeaveType): TransactItem {
    return {
      Put: {
        TableName: tableName(),
        Item: { pk: typeNamePk(tenantId), sk: searchKey(type.leaveType), entity: 'leaveTypeName', leaveMasterId: type.leaveMasterId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  },
  releaseName(tenantId: string, type: LeaveType): TransactItem {
    return {
      Delete: {
        TableName: tableName(),
        Key: { pk: typeNamePk(tenantId), sk: searchKey(type.leaveType) },
        ConditionExpression: 'leaveMasterId = :id',
        ExpressionAttributeValues: { ':id': type.leaveMasterId },
      },
    };
  },
};

export interface StoredBalance {
  leaveMasterId: number;
  year: number;
  used: number;
}

/**
 * The days a user has taken of a leave type in a calendar year. The row appears with the user's first leave of
 * that type and year; remaining = the type's allowance - used, so an allowance change applies at once.
 */
export const balanceData = {
  async get(tenantId: string, userId: number, year: number, leaveMasterId: number): Promise<StoredBalance | undefined> {
    const item = await getItem<Item>(userLeavePk(tenantId, userId), balanceSk(year, leaveMasterId));
    return item ? (strip(item) as unknown as StoredBalance) : undefined;
  },
  async ofYear(tenantId: string, userId: number, year: number): Promise<StoredBalance[]> {
    const { items } = await query<Item>({ pk: userLeavePk(tenantId, userId), skPrefix: `BALANCE#${year}#` });
    return items.map((item) => strip(item) as unknown as StoredBalance);
  },
  /**
   * Takes `days` (negative: gives them back). Taking is refused by the write itself when it would pass the
   * allowance; giving back is refused when more would come back than was taken, so the balance never drifts.
   */
  change(tenantId: string, userId: number, year: number, leaveMasterId: number, days: number, allowance: number): TransactItem {
    return {
      Update: {
        TableName: tableName(),
        Key: { pk: userLeavePk(tenantId, userId), sk: balanceSk(year, leaveMasterId) },
        UpdateExpression: 'SET entity = :entity, userId = :userId, leaveMasterId = :leaveMasterId, #year = :year ADD #used :days',
        ConditionExpression: days > 0 ? 'attribute_not_exists(#used) OR #used <= :limit' : '#used >= :back',
        ExpressionAttributeNames: { '#year': 'year', '#used': 'used' },
        ExpressionAttributeValues: {
          ':entity': 'leaveBalance',
          ':userId': userId,
          ':leaveMasterId': leaveMasterId,
          ':year': year,
          ':days': days,
          ...(days > 0 ? { ':limit': allowance - days } : { ':back': -days }),
        },
      },
    };
  },
};

export interface LeaveRange {
  startDate: string;
  endDate: string;
}

export interface LeaveCalendar {
  /** Days held by the user's Submitted, Modified and Approved leaves, by leave id. */
  ranges: Record<string, LeaveRange>;
  /** Raised by every claim, so two claims made from the same reading cannot both succeed. */
  version: number;
}

/**
 * A user's booked days in one item: the overlap check reads it strongly and the claim of new days is conditional
 * on it being unchanged, so two applications for the same days cannot both pass. Releasing days (cancel, reject)
 * does not raise the version: it cannot create an overlap, so it never makes a concurrent application fail.
 */
export const calendarData = {
  async get(tenantId: string, userId: number): Promise<LeaveCalendar | undefined> {
    const item = await getItem<Item>(userLeavePk(tenantId, userId), CALENDAR_SK);
    return item ? { ranges: (item.ranges ?? {}) as LeaveCalendar['ranges'], version: Number(item.version ?? 0) } : undefined;
  },
  /** Books the leave's days; `forget` drops ranges that ended in the past (they can no longer overlap anything). */
  claim(tenantId: string, userId: number, read: LeaveCalendar | undefined, leaveId: number, range: LeaveRange, forget: string[]): TransactItem {
    const key = { pk: userLeavePk(tenantId, userId), sk: CALENDAR_SK };
    if (!read) {
      return {
        Put: {
          TableName: tableName(),
          Item: { ...key, entity: 'leaveCalendar', userId, ranges: { [leaveId]: range }, version: 1 },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      };
    }
    const names: Record<string, string> = { '#ranges': 'ranges', '#leave': String(leaveId) };
    forget.forEach((id, i) => (names[`#old${i}`] = id));
    const remove = forget.length ? ` REMOVE ${forget.map((_, i) => `#ranges.#old${i}`).join(', ')}` : '';
    return {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: `SET #ranges.#leave = :range, version = :next${remove}`,
        ConditionExpression: 'version = :read',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':range': range, ':next': read.version + 1, ':read': read.version },
      },
    };
  },
  release(tenantId: string, userId: number, leaveId: number): TransactItem {
    return {
      Update: {
        TableName: tableName(),
        Key: { pk: userLeavePk(tenantId, userId), sk: CALENDAR_SK },
        UpdateExpression: 'REMOVE #ranges.#leave',
        ExpressionAttributeNames: { '#ranges': 'ranges', '#leave': String(leaveId) },
      },
    };
  },
};
