import { Button, Flex } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

interface RowActionsProps {
  /** What the row is, for the buttons' accessible names ('Edit Groceries'). */
  name: string;
  /** Where Edit goes; no Edit without it. */
  editTo?: string;
  /** No Delete without it. */
  onDelete?: () => void;
  /** One above the other, for lists that fold their rows on a phone. */
  stacked?: boolean;
}

/** Edit and Delete of a list row, each shown only when the user may use it. */
export function RowActions({ name, editTo, onDelete, stacked = false }: RowActionsProps) {
  return (
    <Flex gap="xs" justify="flex-end" direction={stacked ? 'column' : 'row'} align={stacked ? 'stretch' : 'center'}>
      {editTo && (
        <Button size="xs" variant="light" component={Link} to={editTo} leftSection={<IconPencil size={14} />} aria-label={`Edit ${name}`}>
          Edit
        </Button>
      )}
      {onDelete && (
        <Button size="xs" variant="subtle" color="red" onClick={onDelete} leftSection={<IconTrash size={14} />} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      )}
    </Flex>
  );
}
