import { Text } from '@mantine/core';
import type { Tax } from '../../../../../shared/schemas/tax.js';
import { PAGE_SIZE } from '../../../../../shared/schemas/common.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { ConfirmedDelete, useConfirmedDelete, useListSearch } from '../../../components/list-state.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { RowActions } from '../../../components/row-actions.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { SearchBox } from '../../../components/search-box.js';
import { useCan } from '../../../lib/use-can.js';
import { useDeleteTax, useTaxes } from '../api/taxes.js';
import { ListActions } from '../../../components/back-links.js';

const percent = (rate: number) => `${rate.toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

/** /tax: the tax categories (GST slabs) with their CGST and SGST rates, searched by type prefix (spec 3 section 2). */
export default function TaxListScreen() {
  const edit = useCan()('CategoryEdit');
  return (
    <Page
      title="Taxes"
      description="Tax categories and their CGST and SGST rates, used by inventory and billing."
      actions={
        <ListActions add={{ show: edit, to: '/tax/new', label: 'Add Tax' }} />
      }
    >
      <RequireFeature anyOf={['CategoryList', 'CategoryEdit']} what="the tax list">
        <TaxTable edit={edit} />
      </RequireFeature>
    </Page>
  );
}

function TaxTable({ edit }: { edit: boolean }) {
  const taxes = useTaxes();
  const remove = useConfirmedDelete(useDeleteTax(), (t: Tax) => t.taxId, (t) => t.categoryType);
  const { search, page, setPage, searchProps } = useListSearch();
  const rows = (taxes.data ?? []).filter((t) => t.categoryType.toLowerCase().startsWith(search.toLowerCase()));
  const shownPage = Math.min(page, pageCount(rows.length));

  const columns: Column<Tax>[] = [
    { key: 'type', header: 'Category Type', render: (t) => <Text size="sm" fw={500}>{t.categoryType}</Text> },
    { key: 'cgst', header: 'CGST', align: 'right', render: (t) => percent(t.cgst) },
    { key: 'sgst', header: 'SGST', align: 'right', render: (t) => percent(t.sgst) },
    { key: 'total', header: 'Total GST', align: 'right', render: (t) => percent(Math.round((t.cgst + t.sgst) * 100) / 100) },
  ];
  if (edit) {
    columns.push({
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      render: (t) => <RowActions name={t.categoryType} editTo={`/tax/${t.taxId}`} onDelete={() => remove.ask(t)} />,
    });
  }

  return (
    <>
      <SavedNotice />
      <SearchBox
        label="Search by category type"
        placeholder="Category type starts with…"
        {...searchProps}
      />
      <PagedTable
        caption="Taxes"
        columns={columns}
        rows={rows.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE)}
        rowKey={(t) => t.taxId}
        page={shownPage}
        total={rows.length}
        onPageChange={setPage}
        loading={taxes.isPending}
        emptyText={search ? `No category type starts with “${search}”.` : 'No tax categories yet.'}
        minWidth={520}
      />
      <ConfirmedDelete state={remove} title="Delete tax category" question={(t) => `Delete ${t.categoryType}?`} />
    </>
  );
}
