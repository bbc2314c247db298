import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../frontend/src/components/confirm-dialog.js';
import { MessageModal } from '../../frontend/src/components/message-modal.js';
import { PagedTable, pageCount, pageQueryFor } from '../../frontend/src/components/paged-table.js';
import { SearchBox } from '../../frontend/src/components/search-box.js';
import { renderWithApp } from './render.js';

describe('SearchBox', () => {
  it('refuses empty text with the spec message and does not search', () => {
    const onSearch = vi.fn();
    renderWithApp(<SearchBox label="Search by product name" onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by product name' }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Search text should not be empty!')).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches for the trimmed text and clears the message once the user types', () => {
    const onSearch = vi.fn();
    renderWithApp(<SearchBox label="Search customers" onSearch={onSearch} onClear={() => undefined} />);
    const input = screen.getByRole('textbox', { name: 'Search customers' });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Search text should not be empty!')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '  ravi ' } });
    expect(screen.queryByText('Search text should not be empty!')).not.toBeInTheDocument();
    fireEvent.submit(input.closest('form')!);
    expect(onSearch).toHaveBeenCalledWith('ravi');
  });

  it('clears the text and tells the list to show everything again', () => {
    const onClear = vi.fn();
    renderWithApp(<SearchBox label="Search" onSearch={() => undefined} onClear={onClear} initialValue="soap" />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    expect(onClear).toHaveBeenCalled();
  });
});

interface Row {
  id: number;
  name: string;
}
const rows = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}` }));

function PagedList() {
  const [page, setPage] = useState(1);
  const { page: serverPage, size } = pageQueryFor(page);
  return (
    <PagedTable<Row>
      caption="Items"
      columns={[
        { key: 'id', header: 'Id', render: (r) => r.id },
        { key: 'name', header: 'Name', render: (r) => r.name },
      ]}
      rows={rows.slice(serverPage * size, serverPage * size + size)}
      rowKey={(r) => r.id}
      page={page}
      total={rows.length}
      onPageChange={setPage}
    />
  );
}

describe('PagedTable', () => {
  it('shows pages of 5 numbered from 1 with previous and next', () => {
    renderWithApp(<PagedList />);
    expect(screen.getByText('Showing 1–5 of 12')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Showing 6–10 of 12')).toBeInTheDocument();
    expect(screen.getByText('Item 6')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('Showing 11–12 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('asks the API for pages counted from 0', () => {
    expect(pageQueryFor(1)).toEqual({ page: 0, size: 5 });
    expect(pageQueryFor(3)).toEqual({ page: 2, size: 5 });
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(2);
    expect(pageCount(11)).toBe(3);
  });

  it('says so when there is nothing to list', () => {
    renderWithApp(
      <PagedTable<Row>
        caption="Items"
        columns={[{ key: 'name', header: 'Name', render: (r) => r.name }]}
        rows={[]}
        rowKey={(r) => r.id}
        page={1}
        total={0}
        onPageChange={() => undefined}
        emptyText="No customers yet."
      />,
    );
    expect(screen.getByText('No customers yet.')).toBeInTheDocument();
    expect(screen.getByText('No records')).toBeInTheDocument();
  });

  it('never says No records while the list is loading, nor beside rows whose count has not come yet', () => {
    const table = (props: { loading: boolean; rows: Row[] | undefined; total: number }) => (
      <PagedTable<Row>
        caption="Items"
        columns={[{ key: 'name', header: 'Name', render: (r) => r.name }]}
        rowKey={(r) => r.id}
        page={1}
        onPageChange={() => undefined}
        {...props}
      />
    );
    const loading = renderWithApp(table({ loading: true, rows: undefined, total: 0 }));
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('No records')).not.toBeInTheDocument();
    loading.unmount();

    const countPending = renderWithApp(table({ loading: false, rows: rows.slice(0, 5), total: 0 }));
    expect(screen.getByText('Item 5')).toBeInTheDocument();
    expect(screen.queryByText('No records')).not.toBeInTheDocument();
    countPending.unmount();

    renderWithApp(table({ loading: false, rows: rows.slice(0, 5), total: 12 }));
    expect(screen.getByText('Showing 1–5 of 12')).toBeInTheDocument();
  });
});

describe('dialogs', () => {
  it('MessageModal shows the message with OK', () => {
    const onClose = vi.fn();
    renderWithApp(<MessageModal opened message="Your Cart is full, please place the order." onClose={onClose} />);
    expect(screen.getByRole('dialog')).toHaveTextContent('Your Cart is full, please place the order.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('ConfirmDialog confirms only on Yes', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithApp(<ConfirmDialog opened message="Are you sure to delete?" danger onConfirm={onConfirm} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalled();
  });
});
