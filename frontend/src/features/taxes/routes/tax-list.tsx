import { Button, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Tax } from '../../../../../shared/schemas/catalogue.js';
import { PAGE_SIZE } from '../../../../../shared/schemas/common.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { MessageModal } from '../../../components/message-modal.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { RowActions } from '../../../components/row-actions.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { SearchBox } from '../../../components/search-box.js';
import { errorText } from '../../../lib/query-client.js';
import { useCan } from '../../../lib/use-can.js';
import { useDeleteTax, useTaxes } from '../api/taxes.js';

const percent = (rate: number) => `${rate.toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

/** /tax: the tax categories (GST slabs) with their CGST and SGST rates, searched by type prefix (spec 3 section 2). */
export default function TaxListScreen() {
  const edit = useCan()('CategoryEdit');
  return (
    <Page
      title="Taxes"
      description="Tax categories and their CGST and SGST rates, used by inventory and billing."
      actions={
        <>
          <Button component={Link} to="/home" variant="default" leftSection={<IconArrowLeft size={16} />}>
            Back
          </Button>
          {edit && (
            <Button component={Link} to="/tax/new" leftSection={<IconPlus size={16} />}>
              Add Tax
            </Button>
          )}
        </>
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
  const remove = useDeleteTax();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<Tax | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const rows = (taxes.data ?? []).filter((t) => t.categoryType.toLowerCase().startsWith(search.toLowerCase()));
  const shownPage = Math.min(page, pageCount(rows.length));

  const confirmDelete = () => {
    if (!deleting) return;
    const tax = deleting;
    setDeleting(null);
    remove.mutate(tax.taxId, { onError: (error) => setMessage(`${tax.categoryType} could not be deleted: ${errorText(error)}`) });
  };

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
      render: (t) => <RowActions name={t.categoryType} editTo={`/tax/${t.taxId}`} onDelete={() => setDeleting(t)} />,
    });
  }

  return (
    <>
      <SavedNotice />
      <SearchBox
        label="Search by category type"
        placeholder="Category type starts with…"
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
        onClear={() => {
          setSearch('');
          setPage(1);
        }}
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
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete tax category"
        message={deleting ? `Delete ${deleting.categoryType}?` : ''}
        confirmLabel="Delete"
        danger
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <MessageModal opened={message !== null} message={message ?? ''} onClose={() => setMessage(null)} />
    </>
  );
}
