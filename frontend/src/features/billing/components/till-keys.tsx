import { Group, Kbd, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/**
 * The keys of Place Order, so a bill is made from the keyboard: a scanner (or typed code) and Enter adds a line and
 * moves to the next row's search; the function keys do what a cashier does often. Function keys, because a
 * keyboard-wedge scanner types letters and digits into whatever has the focus and no browser or system keeps F2, F4,
 * F8, F9 or F10 for itself once the page declines them.
 */
export const TILL_KEYS = {
  quantity: 'F2',
  remove: 'F4',
  calculate: 'F8',
  save: 'F9',
  print: 'F10',
} as const;

export type TillAction = keyof typeof TILL_KEYS;

const LEGEND: [key: string, what: string][] = [
  ['Enter', 'add the code'],
  [TILL_KEYS.quantity, 'quantity'],
  [TILL_KEYS.remove, 'remove line'],
  [TILL_KEYS.calculate, 'Calculate'],
  [TILL_KEYS.save, 'Save'],
  [TILL_KEYS.print, 'Print on/off'],
];

/**
 * Calls the action of a till key pressed anywhere on the page, and keeps the browser from acting on it. An action
 * left undefined (Save before Calculate, every key while the receipt is open) leaves the key alone.
 */
export function useTillKeys(actions: Partial<Record<TillAction, () => void>>) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const action = (Object.keys(TILL_KEYS) as TillAction[]).find((a) => TILL_KEYS[a] === event.key);
      const run = action && latest.current[action];
      if (!run) return;
      event.preventDefault();
      if (!event.repeat) run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * Moves the focus to the field of `label` once the screen shows it: a request made with the rows of a change lands
 * after React has drawn those rows (a chosen product's search cell is gone, the next row's is there).
 */
export function useFocusRequest() {
  const [request, setRequest] = useState<{ label: string; select: boolean; tick: number }>();
  useEffect(() => {
    if (!request) return;
    const field = document.querySelector<HTMLInputElement>(`input[aria-label="${request.label}"]`);
    if (!field || field.disabled) return;
    field.focus();
    if (request.select) field.select();
  }, [request]);
  return (label: string, select = false) => setRequest((r) => ({ label, select, tick: (r?.tick ?? 0) + 1 }));
}

/** The row (its key) of the field that has the focus, when that field is in a row of the products table. */
export function focusedRowKey(): number | undefined {
  const row = document.activeElement?.closest<HTMLElement>('tr[data-row-key]');
  return row ? Number(row.dataset.rowKey) : undefined;
}

/** The keys, on screen under the bill. */
export function TillKeysLegend({ print }: { print: boolean }) {
  return (
    <Group gap="md" wrap="wrap" role="group" aria-label="Keys">
      {LEGEND.map(([key, what]) => (
        <Text key={key} size="sm" component="span">
          <Kbd>{key}</Kbd> {key === TILL_KEYS.print ? `Print ${print ? 'on' : 'off'}` : what}
        </Text>
      ))}
    </Group>
  );
}
