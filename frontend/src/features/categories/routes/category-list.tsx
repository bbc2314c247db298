import { Text } from '@mantine/core';
import { formatDate } from '../../../../../shared/format.js';
import type { Category } from '../../../../../shared/schemas/category.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { Thumbnail } from '../../../components/image-picker.js';
import { ConfirmedDelete, useConfirmedDelete, useListSearch } from '../../../components/list-state.js';
import { Page } from '../../../components/page.js';
import { PagedTable, pageCount, type Column } from '../../../components/paged-table.js';
import { RowActions } from '../../../components/row-actions.js';
import { SavedNotice } from '../../../components/saved-notice.js';
import { SearchBox } from '../../../components/search-box.js';
import { SearchCapNote } from '../../../components/search-cap-note.js';
import { useCan } from '../../../lib/use-can.js';
import { useCategoryCount, useCategoryPage, useDeleteCategory } from '../api/categories.js';
import { ListActions } from '../../../components/back-links.js';

/** /category: the product categories with their pictures, searchable by name, pages of 5 (spec 2 section 2). */
export default function CategoryListScreen() {
  const can = useCan();
  const edit = can('CategoryEdit');
  return (
    <Page
      title="Categories"
      description="Product categories, with the picture customers see in the shop."
      actions={
        <ListActions add={{ show: edit, to: '/category/new', label: 'Create Category' }} />
      }
    >
      <RequireFeature anyOf={['CategoryList', 'CategoryEdit']} what="the category list">
        <CategoryTable edit={edit} />
      </RequireFeature>
    </Page>
  );
}

function CategoryTable({ edit }: { edit: boolean }) {
  const { search, page, setPage, searchProps } = useListSearch();
  const count = useCategoryCount(search);
  const total = count.data ?? 0;
  const shownPage = Math.min(page, pageCount(total));
  const categories = useCategoryPage(search, shownPage);
  const remove = useConfirmedDelete(useDeleteCategory(), (c: Category) => c.categoryId, (c) => c.categoryName);

  const columns: Column<Category>[] = [
    { key: 'image', header: 'Image', render: (c) => <Thumbnail url={c.imageUrl} alt={c.categoryName} /> },
    { key: 'id', header: 'Id', render: (c) => c.categoryId },
    { key: 'name', header: 'Category Name', render: (c) => <Text size="sm" fw={500}>{c.categoryName}</Text> },
    { key: 'created', header: 'Created On', render: (c) => formatDate(c.createdOn) },
  ];
  if (edit) {
    columns.push({
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      render: (c) => <RowActions name={c.categoryName} editTo={`/category/${c.categoryId}`} onDelete={() => remove.ask(c)} />,
    });
  }

  return (
    <>
      <SavedNotice />
      <SearchBox
        label="Search by category name"
        {...searchProps}
      />
      <SearchCapNote search={search} total={count.data} records="categories" />
      <PagedTable
        caption="Categories"
        columns={columns}
        rows={categories.data}
        rowKey={(c) => c.categoryId}
        page={shownPage}
        total={total}
        onPageChange={setPage}
        loading={categories.isPending || count.isPending}
        emptyText={search ? `No category name has a word starting with “${search}”.` : 'No categories yet.'}
        minWidth={560}
      />
      <ConfirmedDelete state={remove} title="Delete category" question={(c) => `Delete ${c.categoryName}? Its picture is removed too.`} />
    </>
  );
}
