import { indiaToday } from '../../shared/leave-days.js';
import { HOLIDAY_MESSAGES, type HolidayForm } from '../../shared/schemas/holiday.js';
import { created, nextId, transact, updated, type Actor } from '../lib/db.js';
import { NotFound } from '../lib/errors.js';
import { holidayData, type HolidayKind, type HolidayRecord, type StoredHoliday } from './data.js';

const notFound = (kind: HolidayKind) => new NotFound(kind === 'public' ? HOLIDAY_MESSAGES.publicNotFound : HOLIDAY_MESSAGES.companyNotFound);

export async function listHolidays<K extends HolidayKind>(tenantId: string, kind: K, year: number | undefined, now: Date): Promise<HolidayRecord<K>[]> {
  const holidays = await holidayData.ofYear(tenantId, kind, year ?? Number(indiaToday(now).slice(0, 4)));
  return holidays.map((h) => holidayData.toRecord(kind, h));
}

export async function getHoliday<K extends HolidayKind>(tenantId: string, kind: K, id: number): Promise<HolidayRecord<K>> {
  const holiday = await holidayData.byId(tenantId, kind, id);
  if (!holiday) throw notFound(kind);
  return holidayData.toRecord(kind, holiday);
}

export async function createHoliday<K extends HolidayKind>(tenantId: string, kind: K, form: HolidayForm, actor: Actor): Promise<HolidayRecord<K>> {
  const holiday: StoredHoliday = { id: await nextId(tenantId, `${kind}Holiday`), ...form, ...created(actor) };
  await transact([holidayData.put(tenantId, kind, holiday)], [HOLIDAY_MESSAGES.exists]);
  return holidayData.toRecord(kind, holiday);
}

/** Moving a holiday to another date is one transaction: the old date is freed only if the new one is free. */
export async function updateHoliday<K extends HolidayKind>(
  tenantId: string,
  kind: K,
  id: number,
  form: HolidayForm,
  actor: Actor,
): Promise<HolidayRecord<K>> {
  const current = await holidayData.byId(tenantId, kind, id);
  if (!current) throw notFound(kind);
  const holiday: StoredHoliday = { ...current, ...form, ...updated(actor) };
  if (holiday.date === current.date) {
    await transact([holidayData.replace(tenantId, kind, holiday)]);
  } else {
    await transact([holidayData.remove(tenantId, kind, current), holidayData.put(tenantId, kind, holiday)], [undefined, HOLIDAY_MESSAGES.exists]);
  }
  return holidayData.toRecord(kind, holiday);
}

export async function deleteHoliday<K extends HolidayKind>(tenantId: string, kind: K, id: number): Promise<HolidayRecord<K>> {
  const current = await holidayData.byId(tenantId, kind, id);
  if (!current) throw notFound(kind);
  await transact([holidayData.remove(tenantId, kind, current)]);
  return holidayData.toRecord(kind, current);
}
