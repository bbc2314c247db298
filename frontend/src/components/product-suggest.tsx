import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBarcode } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { formatRupees } from '../../../shared/format.js';
import { inventoryRoutes } from '../../../shared/routes/inventory.js';
import type { InventorySuggestion } from '../../../shared/schemas/inventory.js';
import { NO_SUGGESTION, SUGGESTION_MAX, SUGGESTION_MIN } from '../../../shared/schemas/inventory-messages.js';
import { wordRank } from '../../../shared/words.js';
import { callApi } from '../lib/api-client.js';

interface ProductSuggestProps {
  label: string;
  /** Also suggest catalogue products never received (inventory add, stock add); otherwise received lines only. */
  includeNeverReceived: boolean;
  /** The suggestion chosen, or null while the text is not one of them. */
  value: InventorySuggestion | null;
  onChange: (chosen: InventorySuggestion | null) => void;
  error?: ReactNode;
  required?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

const DEBOUNCE_MS = 250;
const normal = (text: string) => text.trim().toLowerCase();

/**
 * What the server is asked for a typed text: 4 to 10 characters as typed (spec 2 section 9). Longer text (a
 * scanned 13-digit barcode, a full product name) asks for its first 10 characters and narrows the answer here.
 */
export function suggestionQueryText(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length < SUGGESTION_MIN) return undefined;
  return trimmed.slice(0, SUGGESTION_MAX).trim();
}

/** The suggestions the whole text still matches (a word of the name, the start of the artcode or barcode), as the server matches them. */
export function narrowSuggestions(suggestions: InventorySuggestion[], text: string): InventorySuggestion[] {
  const wanted = normal(text);
  return suggestions.filter((s) => wordRank(s.productName, text) !== undefined || [s.artcode, s.barcode].some((field) => normal(field).startsWith(wanted)));
}

/**
 * The suggestion Enter takes without a highlighted option: the one whose barcode, artcode or name is exactly the
 * text (a barcode scanner types the code and Enter), else the only one left.
 */
export function exactSuggestion(suggestions: InventorySuggestion[], text: string): InventorySuggestion | undefined {
  const wanted = normal(text);
  const exact = suggestions.filter((s) => [s.barcode, s.artcode, s.productName].some((field) => normal(field) === wanted));
  if (exact.length === 1) return exact[0];
  const left = narrowSuggestions(suggestions, text);
  return exact.length === 0 && left.length === 1 ? left[0] : undefined;
}

const suggestionKey = (includeNeverReceived: boolean, text: string) => ['inventory', 'suggestions', includeNeverReceived, normal(text)] as const;

const optionValue = (s: InventorySuggestion) => `${s.productId}|${s.stockId}|${s.artcode}`;

/**
 * A product chosen from the suggestions shown while typing (spec 2 sections 2 and 5): 4 to 10 characters of the
 * name, artcode or barcode; 'No Suggestion' when nothing matches. Only a suggestion counts as chosen: typing after a
 * choice clears it, so the form can say 'Enter the Valid Product!!!'. Arrow keys and Enter pick an option; Enter
 * on a scanned barcode or a typed artcode picks its line directly.
 */
export function ProductSuggest({ label, includeNeverReceived, value, onChange, error, required, autoFocus, inputRef }: ProductSuggestProps) {
  const queryClient = useQueryClient();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(value?.productName ?? '');
  const [debounced] = useDebouncedValue(text, DEBOUNCE_MS);
  const [noMatch, setNoMatch] = useState(false);

  // A choice made elsewhere shows in the field; a form clears the field by mounting it afresh (a new key).
  useEffect(() => {
    if (value) setText(value.productName);
  }, [value]);

  const asked = value ? undefined : suggestionQueryText(debounced);
  const fetchSuggestions = (queryText: string) =>
    callApi(inventoryRoutes.suggestions, { params: { all: includeNeverReceived ? 'true' : 'false', text: queryText } });
  const suggestions = useQuery({
    queryKey: suggestionKey(includeNeverReceived, asked ?? ''),
    queryFn: () => fetchSuggestions(asked!),
    enabled: asked !== undefined,
    staleTime: 10_000,
  });

  const typedEnough = suggestionQueryText(text) !== undefined;
  const settled = asked !== undefined && normal(debounced) === normal(text) && !suggestions.isFetching;
  const shown = settled && suggestions.data ? narrowSuggestions(suggestions.data, text) : [];

  const choose = (chosen: InventorySuggestion) => {
    setNoMatch(false);
    setText(chosen.productName);
    onChange(chosen);
    combobox.closeDropdown();
  };

  const type = (next: string) => {
    setText(next);
    setNoMatch(false);
    if (value) onChange(null);
    combobox.openDropdown();
    combobox.resetSelectedOption();
  };

  // Enter without a highlighted option: a scanned barcode or a typed artcode picks its line; never submits the
  // form while the product is not chosen.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || value) return;
    if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
    event.preventDefault();
    const queryText = suggestionQueryText(text);
    if (!queryText) return;
    const typed = text;
    void queryClient
      .fetchQuery({ queryKey: suggestionKey(includeNeverReceived, queryText), queryFn: () => fetchSuggestions(queryText), staleTime: 10_000 })
      .then((found) => {
        const match = exactSuggestion(found, typed);
        if (match) choose(match);
        else {
          setNoMatch(true);
          combobox.openDropdown();
        }
      })
      .catch(() => setNoMatch(true));
  };

  const options = shown.map((s) => (
    <Combobox.Option value={optionValue(s)} key={optionValue(s)}>
      <Text size="sm" fw={500}>
        {s.productName}
      </Text>
      <Text size="xs" c="dimmed">
        {[s.artcode, s.barcode, s.inventoryId === 0 ? 'never received' : `${s.quantity} in stock`, s.inventoryId === 0 ? '' : `MRP ${formatRupees(s.mrp)}`]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Combobox.Option>
  ));

  const searching = typedEnough && !value && !settled && !noMatch;
  const dropdownContent = searching ? (
    <Combobox.Empty>
      <Group gap="xs" justify="center">
        <Loader size="xs" aria-hidden />
        Searching…
      </Group>
    </Combobox.Empty>
  ) : noMatch || options.length === 0 ? (
    <Combobox.Empty>{NO_SUGGESTION}</Combobox.Empty>
  ) : (
    options
  );

  const description = value
    ? `Product Id ${value.productId}${value.inventoryId === 0 ? ' · not received yet' : ` · ${value.artcode} · ${value.quantity} in stock`}`
    : `Type ${SUGGESTION_MIN} to ${SUGGESTION_MAX} characters of the name, artcode or barcode, then choose`;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(chosen) => {
        const suggestion = shown.find((s) => optionValue(s) === chosen);
        if (suggestion) choose(suggestion);
      }}
    >
      <Combobox.Target>
        <TextInput
          ref={inputRef}
          label={label}
          withAsterisk={required}
          description={description}
          placeholder="Name, artcode or barcode"
          value={text}
          error={error}
          autoFocus={autoFocus}
          autoComplete="off"
          leftSection={<IconBarcode size={16} aria-hidden />}
          rightSection={searching ? <Loader size="xs" aria-label="Searching" /> : null}
          onChange={(event) => type(event.currentTarget.value)}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={onKeyDown}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!typedEnough || value !== null}>
        <Combobox.Options aria-label={`${label} suggestions`} mah={320} style={{ overflowY: 'auto' }}>
          {dropdownContent}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
