import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { searchText } from '../../../shared/schemas/common.js';

export interface SearchBoxProps {
  /** Accessible label, e.g. 'Search by product name'. */
  label: string;
  placeholder?: string;
  initialValue?: string;
  onSearch: (text: string) => void;
  /** Shown as a clear button once there is text; lists go back to the unfiltered pages. */
  onClear?: () => void;
}

/** Search field of the list screens; empty text is refused with the spec's message, as the server does. */
export function SearchBox({ label, placeholder, initialValue = '', onSearch, onClear }: SearchBoxProps) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = searchText.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Search text should not be empty!');
      return;
    }
    setError(null);
    onSearch(parsed.data);
  };

  const clear = () => {
    setValue('');
    setError(null);
    onClear?.();
  };

  return (
    <form onSubmit={submit} role="search" aria-label={label}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          flex={1}
          size="sm"
          aria-label={label}
          placeholder={placeholder ?? label}
          value={value}
          error={error}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            onClear && value ? (
              <ActionIcon variant="subtle" color="gray" onClick={clear} aria-label="Clear search">
                <IconX size={16} />
              </ActionIcon>
            ) : null
          }
          onChange={(event) => {
            setValue(event.currentTarget.value);
            if (error) setError(null);
          }}
        />
        <Button type="submit" size="sm">
          Search
        </Button>
      </Group>
    </form>
  );
}

/** The labelled product search of the stock and inventory lists: product name or artcode. */
export function ProductSearchField({ onSearch, onClear }: Pick<SearchBoxProps, 'onSearch' | 'onClear'>) {
  return (
    <Stack gap={4} flex="1 1 300px" maw={520}>
      <Text size="sm" fw={500} component="span" aria-hidden>
        Search
      </Text>
      <SearchBox label="Search by product name or artcode" placeholder="Product name or artcode" onSearch={onSearch} onClear={onClear} />
    </Stack>
  );
}

