import type { CompanyHoliday, PublicHoliday } from '../../shared/schemas/holiday.js';
import { query, queryAll, strip, tableName, type Item, type TransactItem } from '../lib/db.js';
import { idSk, tenantPk } from '../lib/keys.js';

export type HolidayKind = 'public' | 'company';
/** The API record of each kind. */
export type HolidayRecord<K extends HolidayKind> = K extends 'public' ? PublicHoliday : CompanyHoliday;

/** A holiday as both kinds store it; the id's attribute name differs per kind (publicHolidayId, companyHolidayId). */
export interface StoredHoliday {
  id: number;
  date: string;
  holiday: string;
  createdBy?: string;
  createdOn?: string;
  updatedBy?: string;
  updatedOn?: string;
}

const idField = { public: 'publicHolidayId', company: 'companyHolidayId' } as const;
const kindKey = { public: 'PUBHOLIDAY', company: 'COMPHOLIDAY' } as const;

/**
 * A holiday is keyed by its date (one holiday per date and kind, enforced by the key itself, and the leave day
 * count reads a date range with one query); gsi1 finds it by its id for the screens' `/{id}` paths.
 */
const datePk = (tenantId: string, kind: HolidayKind) => tenantPk(tenantId, kindKey[kind]);
const idPk = (tenantId: string, kind: HolidayKind) => tenantPk(tenantId, `${kindKey[kind]}_ID`);

function fromItem(kind: HolidayKind, item: Record<string, unknown>): StoredHoliday {
  const { [idField[kind]]: id, ...rest } = strip(item as Item);
  return { ...(rest as Omit<StoredHoliday, 'id'>), id: Number(id) };
}

export const holidayData = {
  /** The holiday in the shape of its kind's API record. */
  toRecord<K extends HolidayKind>(kind: K, holiday: StoredHoliday): HolidayRecord<K> {
    const { id, ...rest } = holiday;
    return { [idField[kind]]: id, ...rest } as HolidayRecord<K>;
  },
  async byId(tenantId: string, kind: HolidayKind, id: number): Promise<StoredHoliday | undefined> {
    const { items } = await query({ index: 'gsi1', pk: idPk(tenantId, kind), skBetween: [idSk(id), idSk(id)] });
    return items[0] ? fromItem(kind, items[0]) : undefined;
  },
  async ofYear(tenantId: string, kind: HolidayKind, year: number): Promise<StoredHoliday[]> {
    const items = await queryAll({ pk: datePk(tenantId, kind), skPrefix: `${year}-` });
    return items.map((item) => fromItem(kind, item));
  },
  async between(tenantId: string, kind: HolidayKind, start: string, end: string): Promise<StoredHoliday[]> {
    const items = await queryAll({ pk: datePk(tenantId, kind), skBetween: [start, end] });
    return items.map((item) => fromItem(kind, item));
  },
  /** Writes a holiday on a date that must be free. */
  put(tenantId: string, kind: HolidayKind, holiday: StoredHoliday): TransactItem {
    const { id, ...rest } = holiday;
    return {
      Put: {
        TableName: tableName(),
        Item: {
          pk: datePk(tenantId, kind),
          sk: holiday.date,
          gsi1pk: idPk(tenantId, kind),
          gsi1sk: idSk(id),
          entity: `${kind}Holiday`,
          [idField[kind]]: id,
          ...rest,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  },
  /** Replaces the holiday on its date, only if that date still holds this holiday. */
  replace(tenantId: string, kind: HolidayKind, holiday: StoredHoliday): TransactItem {
    const put = holidayData.put(tenantId, kind, holiday).Put!;
    return {
      Put: {
        ...put,
        ConditionExpression: '#id = :id',
        ExpressionAttributeNames: { '#id': idField[kind] },
        ExpressionAttributeValues: { ':id': holiday.id },
      },
    };
  },
  /** Removes the holiday on a date, only if that date still holds this holiday. */
  remove(tenantId: string, kind: HolidayKind, holiday: Pick<StoredHoliday, 'id' | 'date'>): TransactItem {
    return {
      Delete: {
        TableName: tableName(),
        Key: { pk: datePk(tenantId, kind), sk: holiday.date },
        ConditionExpression: '#id = :id',
        ExpressionAttributeNames: { '#id': idField[kind] },
        ExpressionAttributeValues: { ':id': holiday.id },
      },
    };
  },
};
