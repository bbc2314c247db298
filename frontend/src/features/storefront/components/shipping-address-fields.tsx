import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import type { Customer } from '../../../../../shared/schemas/customer.js';
import type { shippingAddress } from '../../../../../shared/schemas/payment.js';
import { TextField } from '../../../components/form-fields.js';
import { StateSelect } from '../../../components/state-select.js';

export type ShippingAddressValues = z.input<typeof shippingAddress>;

/**
 * Where a new order starts: the address the customer's last order was shipped to, else their own address and
 * state (the city and PIN code to be typed).
 */
export function shippingAddressOf(customer: Customer | undefined): ShippingAddressValues {
  if (customer?.shippingAddress) return customer.shippingAddress;
  return { name: customer?.customerName.split('@')[0] ?? '', line: customer?.address ?? '', city: '', pincode: '', state: customer?.state ?? '' };
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
