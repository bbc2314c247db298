import { Button, Flex } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

interface RowButtonsProps {
  /** What the row is, for the buttons' accessible names ('Edit Diwali on 08/11/2026'). */
  name: string;
  /** Where Edit goes; no Edit without it. */
  editTo?: string;
  /** No Delete without it. */
  onDelete?: () => void;
  /** One above the other, for narrow screens. */
  stacked?: boolean;
}

/** Edit and Delete of a list row, each shown only with its feature. */
export function RowButtons({ name, editTo, onDelete, stacked = false }: RowButtonsProps) {
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
