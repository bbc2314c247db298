import { Combobox, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { formatRupees } from '../../../../../shared/format.js';
import type { InventorySuggestion } from '../../../../../shared/schemas/inventory.js';
import { NO_SUGGESTION, SUGGESTION_MAX, SUGGESTION_MIN } from '../../../../../shared/schemas/inventory-messages.js';
import { wordRank } from '../../../../../shared/words.js';
import { billingKeys, productSuggestions } from '../api/billing.js';

const normal = (text: string) => text.trim().toLowerCase();

/** The server is asked for 4 to 10 characters; a longer text (a 13-digit barcode) asks for its first 10. */
export const askedText = (text: string) => (text.trim().length < SUGGESTION_MIN ? undefined : text.trim().slice(0, SUGGESTION_MAX).trim());

const matches = (s: InventorySuggestion, text: string) =>
  wordRank(s.productName, text) !== undefined || [s.artcode, s.barcode].some((f) => normal(f).startsWith(normal(text)));

/** Enter without a highlighted option takes the line whose barcode, artcode or name is the text, else the only one. */
export function exactMatch(found: InventorySuggestion[], text: string): InventorySuggestion | undefined {
  const exact = found.filter((s) => [s.barcode, s.artcode, s.productName].some((f) => normal(f) === normal(text)));
  if (exact.length === 1) return exact[0];
  const left = found.filter((s) => matches(s, text));
  return exact.length === 0 && left.length === 1 ? left[0] : undefined;
}

interface ProductCellProps {
  row: number;
  onChoose: (suggestion: InventorySuggestion) => void;
  autoFocus?: boolean;
}

/**
 * The Name/Code cell of an empty row: suggestions for 4 to 10 characters, 'No Suggestion' when none; Enter on a
 * scanned barcode or typed artcode adds its line at once.
 */
export function ProductCell({ row, onChoose, autoFocus }: ProductCellProps) {
  const queryClient = useQueryClient();
  const combobox = useCombobox();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 200);
  const [noMatch, setNoMatch] = useState(false);
  const asked = askedText(debounced);
  const suggestions = useQuery({
    queryKey: billingKeys.suggestions(asked ?? ''),
    queryFn: () => productSuggestions(asked!),
    enabled: asked !== undefined,
    staleTime: 10_000,
    // Offline the lookup answers from the device's copy: it must run, not wait for the network.
    networkMode: 'always',
  });
  const shown = suggestions.data && normal(debounced) === normal(text) ? suggestions.data.filter((s) => matches(s, text)) : [];
  const key = (s: InventorySuggestion) => `${s.productId}|${s.stockId}|${s.artcode}`;

  const choose = (s: InventorySuggestion) => {
    setText('');
    setNoMatch(false);
    combobox.closeDropdown();
    onChoose(s);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
    event.preventDefault();
    const query = askedText(text);
    if (!query) return;
    const typed = text;
    void queryClient
      .fetchQuery({ queryKey: billingKeys.suggestions(query), queryFn: () => productSuggestions(query), staleTime: 10_000, networkMode: 'always' })
      .then((found) => {
        const match = exactMatch(found, typed);
        if (match) choose(match);
        else setNoMatch(true);
      })
      .catch(() => setNoMatch(true));
  };

  const typedEnough = askedText(text) !== undefined;
  const settled = typedEnough && !suggestions.isFetching && normal(debounced) === normal(text);
  return (
    <Combobox store={combobox} onOptionSubmit={(value) => { const s = shown.find((x) => key(x) === value); if (s) choose(s); }}>
      <Combobox.Target>
        <TextInput
          aria-label={`Name/Code, row ${row}`}
          placeholder="Name, artcode or barcode"
          value={text}
          autoFocus={autoFocus}
          autoComplete="off"
          size="sm"
          onChange={(e) => {
            setText(e.currentTarget.value);
            setNoMatch(false);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={onKeyDown}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!typedEnough}>
        <Combobox.Options aria-label={`Suggestions, row ${row}`} mah={300} style={{ overflowY: 'auto' }}>
          {noMatch || (settled && shown.length === 0) ? (
            <Combobox.Empty>{NO_SUGGESTION}</Combobox.Empty>
          ) : !settled ? (
            <Combobox.Empty>Searching…</Combobox.Empty>
          ) : (
            shown.map((s) => (
              <Combobox.Option value={key(s)} key={key(s)}>
                {s.productName} · {s.artcode} · {s.quantity} in stock · MRP {formatRupees(s.mrp)}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
