import { Box, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BusinessPartner } from '../../../../../shared/schemas/partner.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { ConfirmedDelete, useConfirmedDelete, useKeepPageInRange, useListSearch } from '../../../components/list-state.js';
import { Page } from '../../../components/page.js';
import { pageCount, type Column } from '../../../components/paged-table.js';
import { RowActions } from '../../../components/row-actions.js';
import { useCan } from '../../../lib/use-can.js';
import { useDeletePartner, usePartnerCount, usePartnerPage } from '../api/partners.js';
import { ListActions } from '../../../components/back-links.js';
import { SearchedTable } from '../../../components/searched-table.js';
import { SearchCapNote } from '../../../components/search-cap-note.js';

/** /businessPartners (spec 3 section 2): suppliers by name, searchable by name or company, pages of 5. */
export default function PartnerListScreen() {
  const can = useCan();
  return (
    <Page
      title="Business Partners"
      description="Suppliers and the products they bring."
      actions={
        <ListActions add={{ show: can('BusinessPartnerEdit'), to: '/businessPartners/new', label: 'Create Partner' }} />
      }
    >
      <RequireFeature anyOf={['BusinessPartnerList']} what="the business partner list">
        <PartnerTable />
      </RequireFeature>
    </Page>
  );
}

function PartnerTable() {
  const can = useCan();
  const compact = useMediaQuery('(max-width: 47.99em)') ?? false;
  const list = useListSearch();
  const { search, page, setPage, searchProps } = list;
  const count = usePartnerCount(search);
  const total = count.data ?? 0;
  const lastPage = pageCount(total);
  const partners = usePartnerPage(search, Math.min(page, lastPage));
  const remove = useConfirmedDelete(useDeletePartner(), (p: BusinessPartner) => p.businessPartnersId, (p) => p.name);

  useKeepPageInRange(list, count.data);

  const editable = can('BusinessPartnerEdit');
  const deletable = can('BusinessPartnerDelete');
  const actions = (p: BusinessPartner) => (
    <RowActions
      name={p.name}
      editTo={editable ? `/businessPartners/${p.businessPartnersId}` : undefined}
      onDelete={deletable ? () => remove.ask(p) : undefined}
    />
  );
  const actionsColumn: Column<BusinessPartner>[] =
    editable || deletable ? [{ key: 'actions', header: 'Actions', align: 'right', render: actions }] : [];

  const columns: Column<BusinessPartner>[] = compact
    ? [
        {
          key: 'partner',
          header: 'Partner',
          render: (p) => (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {p.name}
              </Text>
              <Text size="sm">{p.companyName}</Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {p.productDetail}
              </Text>
              <Text size="xs" c="dimmed">
                {p.mobileNumber} · {p.emailId}
              </Text>
              {(editable || deletable) && <Box mt={4}>{actions(p)}</Box>}
            </Stack>
          ),
        },
      ]
    : [
        {
          key: 'name',
          header: 'Name',
          render: (p) => (
            <>
              <Text size="sm" fw={500}>
                {p.name}
              </Text>
              <Text size="xs" c="dimmed">
                {p.mobileNumber}
              </Text>
            </>
          ),
        },
        { key: 'company', header: 'Company Name', render: (p) => p.companyName },
        { key: 'product', header: 'Product', render: (p) => <Text size="sm" lineClamp={2} maw={240}>{p.productDetail}</Text> },
        { key: 'address', header: 'Address', render: (p) => <Text size="sm" lineClamp={2} maw={240}>{p.address}</Text> },
        ...actionsColumn,
      ];

  return (
    <>
      <SearchedTable
        search={{ label: 'Search by name or company name', placeholder: 'Name or company name', ...searchProps }}
        note={<SearchCapNote search={search} total={count.data} records="partner names or companies" narrow="of the name or company" />}
        caption="Business Partners"
        columns={columns}
        rows={partners.data}
        rowKey={(p) => p.businessPartnersId}
        page={Math.min(page, lastPage)}
        total={total}
        onPageChange={setPage}
        loading={partners.isPending || count.isPending}
        emptyText={search ? `No name or company name starts with “${search}”.` : 'No business partners yet.'}
        minWidth={compact ? 300 : 820}
      />
      <ConfirmedDelete state={remove} title="Delete partner" question={(p) => `Delete ${p.name} of ${p.companyName}?`} />
    </>
  );
}
