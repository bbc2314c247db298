import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField, parseTypedDate } from '../../frontend/src/components/date-field.js';
import { renderWithApp } from './render.js';

/** A date field as a screen holds it: the value in the API's YYYY-MM-DD, every change reported. */
function Holder({ initial, min, max, changed }: { initial: string; min?: string; max?: string; changed: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Expense Date"
      value={value}
      min={min}
      max={max}
      onChange={(next) => {
        setValue(next);
        changed(next);
      }}
    />
  );
}

describe('the date field', () => {
  it('reads typed dates as dd/mm/yyyy, strictly, and only whole years', () => {
    expect(parseTypedDate('25/11/2026')).toBe('2026-11-25');
    expect(parseTypedDate(' 5/1/2026 ')).toBe('2026-01-05');
    expect(parseTypedDate('31/02/2026')).toBeNull();
    expect(parseTypedDate('11/25/2026')).toBeNull();
    expect(parseTypedDate('2026-11-25')).toBeNull();
    expect(parseTypedDate('25/11/202')).toBeNull();
    expect(parseTypedDate('25/11/0002')).toBeNull();
  });

  it('shows the value as dd/mm/yyyy and hands the form YYYY-MM-DD when a whole date is typed', () => {
    const changed = vi.fn();
    renderWithApp(<Holder initial="2026-11-10" changed={changed} />);
    const input = screen.getByLabelText('Expense Date');
    expect(input).toHaveValue('10/11/2026');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    fireEvent.change(input, { target: { value: '03/11/20' } });
    expect(changed).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '03/11/2026' } });
    expect(changed).toHaveBeenLastCalledWith('2026-11-03');
    fireEvent.change(input, { target: { value: '' } });
    expect(changed).toHaveBeenLastCalledWith('');
  });

  it('offers no day past the latest allowed in its calendar, and picking a day sets it', async () => {
    const changed = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithApp(<Holder initial="2026-11-10" max="2026-11-25" changed={changed} />);
    await user.click(screen.getByLabelText('Expense Date'));
    expect(await screen.findByRole('button', { name: '25 November 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '26 November 2026' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '24 November 2026' }));
    expect(changed).toHaveBeenLastCalledWith('2026-11-24');
    expect(screen.getByLabelText('Expense Date')).toHaveValue('24/11/2026');
  });

  it('offers no day before the earliest allowed', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithApp(<Holder initial="2026-11-10" min="2026-11-05" changed={vi.fn()} />);
    await user.click(screen.getByLabelText('Expense Date'));
    expect(await screen.findByRole('button', { name: '5 November 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '4 November 2026' })).toBeDisabled();
  });

  it('opens an empty field on the latest day allowed when that is long past (a date of birth)', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithApp(<Holder initial="" max="2008-06-15" changed={vi.fn()} />);
    await user.click(screen.getByLabelText('Expense Date'));
    expect(await screen.findByRole('button', { name: '15 June 2008' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '16 June 2008' })).toBeDisabled();
  });
});
