import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureName } from '../../../../../shared/features.js';
import { holidayRoutes } from '../../../../../shared/routes/holidays.js';
import type { HolidayForm } from '../../../../../shared/schemas/holiday.js';
import { callApi } from '../../../lib/api-client.js';
import { useOptimisticDelete } from '../../../lib/optimistic-delete.js';

/** Public holidays (national, state) and company holidays (days the shop itself closes) work alike. */
export type HolidayKind = 'public' | 'company';

/** A holiday of either kind, with its id under one name. */
export interface Holiday {
  id: number;
  date: string;
  holiday: string;
}

export const holidayFeatures: Record<HolidayKind, { list: FeatureName; edit: FeatureName; remove: FeatureName }> = {
  public: { list: 'PubHolidayList', edit: 'PubHolidayEdit', remove: 'PubHolidayDelete' },
  company: { list: 'CompHolidayList', edit: 'CompHolidayEdit', remove: 'CompHolidayDelete' },
};

const holidayKeys = {
  lists: (kind: HolidayKind) => ['holidays', kind, 'list'] as const,
  list: (kind: HolidayKind, year: number) => ['holidays', kind, 'list', year] as const,
  one: (kind: HolidayKind, id: number) => ['holidays', kind, 'one', id] as const,
};

async function fetchHolidays(kind: HolidayKind, year: number): Promise<Holiday[]> {
  if (kind === 'public') {
    const rows = await callApi(holidayRoutes.publicHolidays, { query: { year } });
    return rows.map((h) => ({ id: h.publicHolidayId, date: h.date, holiday: h.holiday }));
  }
  const rows = await callApi(holidayRoutes.companyHolidays, { query: { year } });
  return rows.map((h) => ({ id: h.companyHolidayId, date: h.date, holiday: h.holiday }));
}

async function fetchHoliday(kind: HolidayKind, id: number): Promise<Holiday> {
  if (kind === 'public') {
    const h = await callApi(holidayRoutes.publicHoliday, { params: { id } });
    return { id: h.publicHolidayId, date: h.date, holiday: h.holiday };
  }
  const h = await callApi(holidayRoutes.companyHoliday, { params: { id } });
  return { id: h.companyHolidayId, date: h.date, holiday: h.holiday };
}

/** The holidays of one kind in a calendar year, by date. */
export function useHolidays(kind: HolidayKind, year: number, enabled = true) {
  return useQuery({ queryKey: holidayKeys.list(kind, year), queryFn: () => fetchHolidays(kind, year), enabled });
}

export function useHoliday(kind: HolidayKind, id: number | undefined, enabled = true) {
  return useQuery({
    queryKey: holidayKeys.one(kind, id ?? 0),
    queryFn: () => fetchHoliday(kind, id!),
    enabled: enabled && id !== undefined,
  });
}

/**
 * The dates of both kinds of holiday in the given years, for counting leave days on the screen. A user without a
 * list feature simply gets none of that kind; the server's count (which always knows them) then corrects the form.
 * Failures stay quiet for the same reason.
 */
export function useHolidayDates(years: number[], features: readonly FeatureName[]) {
  const kinds = (['public', 'company'] as const).filter((kind) => features.includes(holidayFeatures[kind].list));
  const results = useQueries({
    queries: kinds.flatMap((kind) =>
      years.map((year) => ({
        queryKey: holidayKeys.list(kind, year),
        queryFn: () => fetchHolidays(kind, year),
        meta: { handlesOwnErrors: true },
      })),
    ),
  });
  return {
    dates: results.flatMap((result) => (result.data ?? []).map((h) => h.date)),
    names: new Map(results.flatMap((result) => (result.data ?? []).map((h) => [h.date, h.holiday] as const))),
    loading: results.some((result) => result.isPending),
  };
}

export function useSaveHoliday(kind: HolidayKind, id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: HolidayForm): Promise<unknown> => {
      if (kind === 'public') {
        return id === undefined
          ? callApi(holidayRoutes.createPublicHoliday, { body })
          : callApi(holidayRoutes.updatePublicHoliday, { params: { id }, body });
      }
      return id === undefined
        ? callApi(holidayRoutes.createCompanyHoliday, { body })
        : callApi(holidayRoutes.updateCompanyHoliday, { params: { id }, body });
    },
    meta: { handlesOwnErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['holidays', kind] }),
        // Day counts shown on the leave form depend on the holidays.
        queryClient.invalidateQueries({ queryKey: ['leave', 'days'] }),
      ]),
  });
}

export function useDeleteHoliday(kind: HolidayKind) {
  return useOptimisticDelete<Holiday, number>({
    listKey: holidayKeys.lists(kind),
    isDeleted: (holiday, id) => holiday.id === id,
    remove: (id) =>
      kind === 'public'
        ? callApi(holidayRoutes.deletePublicHoliday, { params: { id } })
        : callApi(holidayRoutes.deleteCompanyHoliday, { params: { id } }),
  });
}
