import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import type { shippingAddress } from '../../../../../shared/schemas/payment.js';
import { TextField } from '../../../components/form-fields.js';
import { StateSelect } from '../../../components/state-select.js';

export type ShippingAddressValues = z.input<typeof shippingAddress>;

/**
 * The street, city and PIN code of an address kept as one line, as Indian addresses are written ('45, 3rd Cross,
 * Jayanagar, Bengaluru 560011'): the PIN is the 6 digits at the end, the city the part before it after the last
 * comma. An address without a PIN at its end is all street.
 */
export function splitAddress(address: string): { line: string; city: string; pincode: string } {
  const found = /^(.*?)[,\s]*([^,]*?)[\s,-]*([1-9]\d{2}\s?\d{3})\s*\.?$/.exec(address.trim());
  if (!found) return { line: address.trim(), city: '', pincode: '' };
  const [, street = '', city = '', pin = ''] = found;
  return { line: street.trim() || city.trim(), city: street.trim() ? city.trim() : '', pincode: pin.replace(/\s/g, '') };
}

/**
 * Where a new order starts: the address the customer's last order was shipped to, else their own address split
 * into street, city and PIN code, and their state; only what is missing is asked.
 */
export function shippingAddressOf(customer: Customer | undefined): ShippingAddressValues {
  if (customer?.shippingAddress) return customer.shippingAddress;
  return { name: customer?.customerName.split('@')[0] ?? '', ...splitAddress(customer?.address ?? ''), state: customer?.state ?? '' };
}

/** The checkout's "Ship to" fields; the state decides CGST + SGST (the shop's state) or IGST (another). */
export function ShippingAddressFields({ control, disabled }: { control: Control<ShippingAddressValues>; disabled?: boolean }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Ship to">
      <Stack gap="sm">
        <Text fw={700} size="lg" component="h2" m={0}>
          Ship to
        </Text>
        <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <TextField control={control} name="name" label="Name" withAsterisk maxLength={100} autoComplete="name" />
            <TextField control={control} name="line" label="Street Address" withAsterisk maxLength={300} autoComplete="street-address" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextField control={control} name="city" label="City" withAsterisk maxLength={60} autoComplete="address-level2" />
              <TextField control={control} name="pincode" label="PIN Code" withAsterisk maxLength={6} inputMode="numeric" autoComplete="postal-code" />
            </SimpleGrid>
            <StateSelect control={control} name="state" required />
          </Stack>
        </fieldset>
      </Stack>
    </Paper>
  );
}
