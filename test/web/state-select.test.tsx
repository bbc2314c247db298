import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { StateSelect } from '../../frontend/src/components/state-select.js';
import { splitAddress, shippingAddressOf } from '../../frontend/src/features/storefront/components/shipping-address-fields.js';
import { renderWithApp } from './render.js';

/** The state field in a form, every value it hands the form reported. */
function Holder({ changed }: { changed: (state: string) => void }) {
  const { control, watch } = useForm<{ state: string; next: string }>({ defaultValues: { state: '', next: '' } });
  changed(watch('state'));
  return (
    <>
      <StateSelect control={control} name="state" required />
      <input aria-label="Next field" />
    </>
  );
}

describe('the state picker', () => {
  it('takes a state by typing and leaving the field, by typing and Enter, by arrows and Enter, and by a click', async () => {
    const changed = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<Holder changed={changed} />);
    const state = screen.getByLabelText(/^State/, { selector: 'input:not([type=hidden])' });

    await user.type(state, 'karna');
    await user.tab();
    await waitFor(() => expect(changed).toHaveBeenLastCalledWith('29'));
    expect(state).toHaveValue('29 – Karnataka');

    await user.clear(state);
    await user.type(state, 'Kerala{Enter}');
    await waitFor(() => expect(changed).toHaveBeenLastCalledWith('32'));

    await user.clear(state);
    await user.type(state, 'tamil');
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    await waitFor(() => expect(changed).toHaveBeenLastCalledWith('33'));

    await user.clear(state);
    await user.type(state, 'goa');
    await user.click(await screen.findByRole('option', { name: '30 – Goa' }));
    await waitFor(() => expect(changed).toHaveBeenLastCalledWith('30'));
  });
});

describe('the checkout address from the saved one', () => {
  it('splits an address written on one line into street, city and PIN code, and keeps the state', () => {
    expect(splitAddress('45, 3rd Cross, Jayanagar, Bengaluru 560011')).toEqual({ line: '45, 3rd Cross, Jayanagar', city: 'Bengaluru', pincode: '560011' });
    expect(splitAddress('12 MG Road, Pune - 411 001')).toEqual({ line: '12 MG Road', city: 'Pune', pincode: '411001' });
    expect(splitAddress('Malleshwaram, Bengaluru')).toEqual({ line: 'Malleshwaram, Bengaluru', city: '', pincode: '' });
    expect(
      shippingAddressOf({ customerId: 1, customerName: 'RaviKumar@demo.shop', mobileNumber: '9876543210', emailId: 'r@example.in', address: '45, 3rd Cross, Jayanagar, Bengaluru 560011', state: '29', creditPoints: 0 } as never),
    ).toEqual({ name: 'RaviKumar', line: '45, 3rd Cross, Jayanagar', city: 'Bengaluru', pincode: '560011', state: '29' });
  });
});
