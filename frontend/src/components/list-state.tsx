import { useEffect, useState } from 'react';
import { errorText } from '../lib/query-client.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { MessageModal } from './message-modal.js';
import { pageCount } from './paged-table.js';

/**
 * The search text and page of a list screen. A new search or a clear starts again at page 1; spread `searchProps`
 * into the list's `SearchBox`.
 */
export function useListSearch() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const restart = (text: string) => {
    setSearch(text);
    setPage(1);
  };
  return { search, page, setPage, searchProps: { onSearch: restart, onClear: () => restart('') } };
}

/**
 * A list that shows either a chosen view (a day, a kind of stock) or a search across all of them. Choosing a view
 * ends the search and empties the search field (give it `key={searchFieldKey}`); either starts again at page 1.
 */
export function useViewOrSearch<Choice>(initial: Choice) {
  const [choice, setChoice] = useState(initial);
  const [search, setSearch] = useState<string | null>(null);
  const [searchFieldKey, setSearchFieldKey] = useState(0);
  const [page, setPage] = useState(1);
  const restart = (text: string | null) => {
    setSearch(text);
    setPage(1);
  };
  const choose = (next: Choice) => {
    setChoice(next);
    setSearchFieldKey((n) => n + 1);
    restart(null);
  };
  return { choice, choose, search, page, setPage, searchFieldKey, searchProps: { onSearch: restart, onClear: () => restart(null) } };
}

/** Moves back to the last page when a delete shrinks the list under the page the user is on. */
export function useKeepPageInRange({ page, setPage }: { page: number; setPage: (page: number) => void }, total: number | undefined) {
  const lastPage = pageCount(total ?? 0);
  useEffect(() => {
    if (total !== undefined && page > lastPage) setPage(lastPage);
  }, [total, page, lastPage, setPage]);
}

interface DeleteMutation<Id> {
  mutate: (id: Id, options: { onSuccess?: () => void; onError: (error: unknown) => void }) => void;
}

export interface ConfirmedDeleteOptions<Row> {
  /** The refusal shown for the row, given the server's reason; by default '<name> could not be deleted: <reason>'. */
  refusal?: (row: Row, reason: string) => string;
  /** Runs once the server has deleted the row. */
  onDeleted?: (row: Row) => void;
}

/**
 * Deleting one row of a list after the user confirms. `ask(row)` opens the question; a refusal from the server is
 * shown in a message box naming the row ('<name> could not be deleted: <reason>', or the screen's own `refusal`).
 * Render `ConfirmedDelete` with it. A "row" may also be a whole selection, e.g. the ticked ids of a bulk delete.
 */
export function useConfirmedDelete<Row, Id>(
  remove: DeleteMutation<Id>,
  idOf: (row: Row) => Id,
  nameOf: (row: Row) => string,
  { refusal, onDeleted }: ConfirmedDeleteOptions<Row> = {},
) {
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  return {
    deleting,
    message,
    ask: (row: Row) => setDeleting(row),
    cancel: () => setDeleting(null),
    closeMessage: () => setMessage(null),
    confirm: () => {
      if (deleting === null) return;
      const row = deleting;
      setDeleting(null);
      remove.mutate(idOf(row), {
        onSuccess: () => onDeleted?.(row),
        onError: (error) => {
          const reason = errorText(error);
          setMessage(refusal ? refusal(row, reason) : `${nameOf(row)} could not be deleted: ${reason}`);
        },
      });
    },
  };
}

export type ConfirmedDeleteState<Row> = Pick<
  ReturnType<typeof useConfirmedDelete<Row, unknown>>,
  'deleting' | 'message' | 'cancel' | 'closeMessage' | 'confirm'
>;

/** The confirmation and the refusal message of `useConfirmedDelete`. */
export function ConfirmedDelete<Row>({
  state,
  title,
  question,
  confirmLabel = 'Delete',
  refusalTitle,
}: {
  state: ConfirmedDeleteState<Row>;
  title: string;
  /** The question for the row, e.g. `Delete ${row.name}?`. */
  question: (row: Row) => string;
  /** The button that deletes; 'Delete' unless the question is a yes/no one. */
  confirmLabel?: string;
  /** The title of the refusal's message box; the message box's own ('Message') unless given. */
  refusalTitle?: string;
}) {
  return (
    <>
      <ConfirmDialog
        opened={state.deleting !== null}
        title={title}
        message={state.deleting !== null ? question(state.deleting) : ''}
        confirmLabel={confirmLabel}
        danger
        onConfirm={state.confirm}
        onCancel={state.cancel}
      />
      <MessageModal opened={state.message !== null} title={refusalTitle} message={state.message ?? ''} onClose={state.closeMessage} />
    </>
  );
}
