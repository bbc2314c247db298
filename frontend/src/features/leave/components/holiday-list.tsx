import { NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import { indiaToday } from '../../../../../shared/leave-days.js';
import { PAGE_SIZE } from '../../../../../shared/schemas/common.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { ConfirmedDelete, useConfirmedDelete } from '../../../components/list-state.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { RowActions } from '../../../components/row-actions.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { useCan } from '../../../lib/use-can.js';
import { holidayFeatures, useDeleteHoliday, useHolidays, type Holiday, type HolidayKind } from '../api/holidays.js';
import { holidayScreens, weekdayOf } from './holiday-screens.js';
import { useCompactLayout } from './use-compact-layout.js';
import { ListActions } from '../../../components/back-links.js';

/** The years the list offers: last year to two years ahead, and whichever year a link asked for. */
function yearOptions(thisYear: number, chosen: number): string[] {
  const years = new Set([thisYear - 1, thisYear, thisYear + 1, thisYear + 2, chosen]);
  return [...years].sort((a, b) => a - b).map(String);
}

/** /publicHolidays and /companyHolidays: a year's holidays by date, pages of 5, with Add, Edit and Delete by feature. */
export function HolidayList({ kind }: { kind: HolidayKind }) {
  const text = holidayScreens[kind];
  const features = holidayFeatures[kind];
  const can = useCan();

  return (
    <Page
      title={text.title}
      description={text.description}
      actions={
        <ListActions add={{ show: can(features.edit), to: `${text.path}/new`, label: `Add ${text.one}` }} />
      }
    >
      <SavedNotice />
      <RequireFeature anyOf={[features.list]} what={`the ${text.title.toLowerCase()}`}>
        <HolidayTable kind={kind} />
      </RequireFeature>
    </Page>
  );
}

/** A holiday as its row's buttons and messages name it, e.g. 'Diwali on 08/11/2026'. */
const holidayName = (h: Holiday) => `${h.holiday} on ${formatDate(h.date)}`;

function HolidayTable({ kind }: { kind: HolidayKind }) {
  const text = holidayScreens[kind];
  const features = holidayFeatures[kind];
  const can = useCan();
  const thisYear = Number(indiaToday(new Date()).slice(0, 4));
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : thisYear;
  const [page, setPage] = useState(1);

  const compact = useCompactLayout();
  const holidays = useHolidays(kind, year);
  const remove = useConfirmedDelete(useDeleteHoliday(kind), (h: Holiday) => h.id, holidayName);
  const rows = holidays.data ?? [];
  const shownPage = Math.min(page, pageCount(rows.length));

  const columns: Column<Holiday>[] = compact
    ? [
        {
          key: 'holiday',
          header: 'Holiday',
          render: (h) => (
            <div>
              <Text size="sm" fw={600}>
                {h.holiday}
              </Text>
              <Text size="sm" c="dimmed">
                {formatDate(h.date)}, {weekdayOf(h.date)}
              </Text>
            </div>
          ),
        },
      ]
    : [
        { key: 'date', header: 'Date', render: (h) => formatDate(h.date) },
        { key: 'day', header: 'Day', render: (h) => <Text size="sm" c="dimmed">{weekdayOf(h.date)}</Text> },
        { key: 'holiday', header: 'Holiday', render: (h) => <Text size="sm" fw={500}>{h.holiday}</Text> },
      ];
  if (can(features.edit) || can(features.remove)) {
    columns.push({
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      render: (h) => (
        <RowActions
          stacked={compact}
          name={holidayName(h)}
          editTo={can(features.edit) ? `${text.path}/${h.id}` : undefined}
          onDelete={can(features.remove) ? () => remove.ask(h) : undefined}
        />
      ),
    });
  }

  return (
    <>
      <NativeSelect
        label="Year"
        size="sm"
        w={160}
        value={String(year)}
        data={yearOptions(thisYear, year)}
        onChange={(event) => {
          setParams({ year: event.currentTarget.value }, { replace: true });
          setPage(1);
        }}
      />
      <PagedTable
        caption={`${text.title} ${year}`}
        columns={columns}
        rows={rows.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE)}
        rowKey={(h) => h.id}
        page={shownPage}
        total={rows.length}
        onPageChange={setPage}
        loading={holidays.isPending}
        emptyText={`No ${text.title.toLowerCase()} in ${year}.`}
        minWidth={compact ? 300 : 520}
      />
      <ConfirmedDelete
        state={remove}
        title={`Delete ${text.one.toLowerCase()}`}
        question={(h) => `Delete ${holidayName(h)}? Leave already applied keeps its day count.`}
      />
    </>
  );
}
