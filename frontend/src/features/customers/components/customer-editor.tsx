import { Alert, Button, Group, Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { CUSTOMER_NAME_EXISTS, MOBILE_EXISTS, customerBody, type Customer } from '../../../../../shared/schemas/customer.js';
import { accountName, domainSuffix } from '../../../../../shared/tenant.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { HINT_BELOW } from '../../../components/form-layout.js';
import { StateSelect } from '../../../components/state-select.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useSession } from '../../../lib/session.js';
import { useMobileTaken, useSaveCustomer } from '../api/customers.js';
import { shownName } from './customer-name.js';

/**
 * Customer Registration or Update by staff (spec 3 sections 2 and 5): a taken mobile is reported as soon as its
 * ten digits are typed, a taken name when saving; name and mobile are locked on an update.
 */
export function CustomerEditor({ customer }: { customer?: Customer }) {
  const navigate = useNavigate();
  const session = useSession();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveCustomer(customer);
  const form = useZodForm(customerBody, {
    defaultValues: {
      customerName: customer ? shownName(customer.customerName) : '',
      mobileNumber: customer?.mobileNumber ?? '',
      emailId: customer?.emailId ?? '',
      address: customer?.address ?? '',
      gstin: customer?.gstin ?? '',
      state: customer?.state ?? '',
    },
  });
  const [name = '', mobile = ''] = useWatch({ control: form.control, name: ['customerName', 'mobileNumber'] });
  const mobileCheck = useMobileTaken(customer ? undefined : mobile.trim());
  const mobileTaken = !customer && mobileCheck.data === true;
  const storedName = customer ? customer.customerName : accountName(name, domainSuffix(session?.userName ?? ''));

  const onFailure = useSaveFailure((message) => {
    if (message === MOBILE_EXISTS) form.setError('mobileNumber', { message }, { shouldFocus: true });
    else if (message === CUSTOMER_NAME_EXISTS) form.setError('customerName', { message }, { shouldFocus: true });
    else setProblem(message);
  });

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    if (mobileTaken) {
      form.setError('mobileNumber', { message: MOBILE_EXISTS }, { shouldFocus: true });
      return;
    }
    save.mutate(values, {
      onSuccess: (saved) =>
        void navigate('/customer', { state: { notice: `${customer ? 'Saved' : 'Registered'} ${shownName(saved.customerName)}.` } }),
      onError: onFailure,
    });
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={customer ? 'Customer Update' : 'Customer Registration'}>
        <Stack gap="md">
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField
              control={form.control}
              name="customerName"
              label="Customer Name"
              withAsterisk
              maxLength={60}
              disabled={!!customer}
              autoComplete="off"
              inputWrapperOrder={HINT_BELOW}
              description={customer ? 'Name and mobile stay as registered.' : storedName ? `Saved as ${storedName}` : undefined}
            />
            <Controller
              control={form.control}
              name="mobileNumber"
              render={({ field, fieldState }) => (
                <TextInput
                  {...field}
                  value={field.value ?? ''}
                  label="Mobile Number"
                  withAsterisk
                  inputMode="numeric"
                  maxLength={10}
                  placeholder="10 digits"
                  disabled={!!customer}
                  autoComplete="off"
                  error={fieldState.error?.message ?? (mobileTaken ? MOBILE_EXISTS : undefined)}
                />
              )}
            />
            <TextField control={form.control} name="emailId" label="E-mail" type="email" inputMode="email" withAsterisk maxLength={120} autoComplete="off" />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="address"
            render={({ field, fieldState }) => (
              <Textarea {...field} value={field.value ?? ''} label="Address" rows={3} size="md" maxLength={300} error={fieldState.error?.message} />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField
              control={form.control}
              name="gstin"
              label="GSTIN"
              description="Business customers: their bills are B2B tax invoices"
              inputWrapperOrder={HINT_BELOW}
              maxLength={15}
              autoComplete="off"
              styles={{ input: { textTransform: 'uppercase' } }}
            />
            <StateSelect control={form.control} name="state" description="Left empty with a GSTIN: the GSTIN's state" />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate('/home')}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {customer ? 'Update' : 'Register'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
