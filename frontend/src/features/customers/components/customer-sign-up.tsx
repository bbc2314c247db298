import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { PASSWORD_MISMATCH } from '../../../../../shared/schemas/auth.js';
import { CUSTOMER_NAME_EXISTS, MOBILE_EXISTS, customerSignUpBody } from '../../../../../shared/schemas/customer.js';
import { PasswordField, TextField, useZodForm } from '../../../components/form-fields.js';
import { HINT_BELOW } from '../../../components/form-layout.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { usePublicTenants, useSignUp } from '../api/customers.js';
import { shownName } from './customer-name.js';

const fieldOfMessage = {
  [MOBILE_EXISTS]: 'mobileNumber',
  [CUSTOMER_NAME_EXISTS]: 'customerName',
  [PASSWORD_MISMATCH]: 'passwordVerify',
  'Select the shop': 'tenantId',
} as const;

/**
 * Customer self-registration without sign-in (spec 3 sections 2 and 5): the shop chosen from the Tenant select,
 * the customer's details and their own password, so they can sign in at once. Cancel and success go to /login.
 */
export function CustomerSignUp() {
  const navigate = useNavigate();
  const tenants = usePublicTenants();
  const signUp = useSignUp();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm(customerSignUpBody, {
    defaultValues: { tenantId: '', customerName: '', mobileNumber: '', emailId: '', address: '', password: '', passwordVerify: '' },
  });
  const onFailure = useSaveFailure((message) => {
    const field = fieldOfMessage[message as keyof typeof fieldOfMessage];
    if (field) form.setError(field, { message }, { shouldFocus: true });
    else setProblem(message);
  });

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    signUp.mutate(values, {
      onSuccess: (customer) => {
        const login = customer.customerName.toLowerCase();
        void navigate('/login', {
          state: { notice: `Welcome, ${shownName(customer.customerName)}! Sign in as ${login} with the password you chose.` },
        });
      },
      onError: onFailure,
    });
  });

  const shops = (tenants.data ?? []).map((t) => ({ value: t.tenantId, label: t.displayName || t.tenantName }));

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Customer Registration">
        <Stack gap="md">
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="tenantId"
            render={({ field, fieldState }) => (
              <NativeSelect
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                label="Tenant"
                inputWrapperOrder={HINT_BELOW}
                description="The shop you buy from"
                withAsterisk
                size="md"
                data={[{ value: '', label: tenants.isPending ? 'Loading shops…' : 'Choose your shop' }, ...shops]}
                error={fieldState.error?.message}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField
              control={form.control}
              name="customerName"
              label="Customer Name"
              withAsterisk
              maxLength={60}
              autoComplete="name"
              inputWrapperOrder={HINT_BELOW}
              description="Letters and digits; it becomes your user name."
            />
            <TextField control={form.control} name="mobileNumber" label="Mobile Number" withAsterisk inputMode="numeric" maxLength={10} autoComplete="tel-national" placeholder="10 digits" />
            <TextField control={form.control} name="emailId" label="E-mail" type="email" inputMode="email" withAsterisk maxLength={120} autoComplete="email" />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="address"
            render={({ field, fieldState }) => (
              <Textarea {...field} value={field.value ?? ''} label="Address" rows={3} size="md" maxLength={300} autoComplete="street-address" error={fieldState.error?.message} />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordField
              control={form.control}
              name="password"
              label="Password"
              inputWrapperOrder={HINT_BELOW}
              description="At least 8 characters with a lower-case letter, an upper-case letter and a digit."
              autoComplete="new-password"
              withAsterisk
            />
            <PasswordField control={form.control} name="passwordVerify" label="Confirm Password" autoComplete="new-password" withAsterisk />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate('/login')}>
              Cancel
            </Button>
            <Button type="submit" loading={signUp.isPending}>
              Sign up
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
