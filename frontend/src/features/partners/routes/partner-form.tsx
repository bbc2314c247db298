import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { idParam } from '../../../../../shared/schemas/common.js';
import { MOBILE_EXISTS } from '../../../../../shared/schemas/customer.js';
import { businessPartnerBody, type BusinessPartner } from '../../../../../shared/schemas/partner.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { HINT_BELOW } from '../../../components/form-layout.js';
import { Page } from '../../../components/page.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { usePartner, usePartnerMobileTaken, useSavePartner } from '../api/partners.js';

/** /businessPartners/new and /businessPartners/{id}: Partner Registration or Update (spec 3 sections 2 and 5). */
export default function PartnerFormScreen() {
  const { id: rawId } = useParams();
  const isNew = rawId === 'new';
  const parsed = idParam.safeParse(rawId);
  const id = !isNew && parsed.success ? parsed.data : undefined;
  const partner = usePartner(id);

  if (!isNew && id === undefined) return <Navigate to="/error" replace state={{ message: 'Business partner not found.' }} />;
  return (
    <Page title={isNew ? 'Partner Registration' : 'Partner Update'} description="Suppliers and the products they bring." size="md">
      <RequireFeature anyOf={['BusinessPartnerEdit']} what="registering or changing business partners" back="/businessPartners">
        {!isNew && !partner.data ? (
          <Center py="xl">
            <Loader aria-label="Loading the partner" />
          </Center>
        ) : (
          <PartnerEditor partner={partner.data} />
        )}
      </RequireFeature>
    </Page>
  );
}

function PartnerEditor({ partner }: { partner?: BusinessPartner }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSavePartner(partner);
  const form = useZodForm(businessPartnerBody, {
    defaultValues: {
      name: partner?.name ?? '',
      companyName: partner?.companyName ?? '',
      emailId: partner?.emailId ?? '',
      mobileNumber: partner?.mobileNumber ?? '',
      productDetail: partner?.productDetail ?? '',
      address: partner?.address ?? '',
    },
  });
  const mobile = (useWatch({ control: form.control, name: 'mobileNumber' }) ?? '').trim();
  // The partner's own number is not "taken".
  const mobileCheck = usePartnerMobileTaken(mobile === partner?.mobileNumber ? undefined : mobile);
  const mobileTaken = mobile !== partner?.mobileNumber && mobileCheck.data === true;
  const onFailure = useSaveFailure((message) => {
    if (message === MOBILE_EXISTS) form.setError('mobileNumber', { message }, { shouldFocus: true });
    else setProblem(message);
  });

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    if (mobileTaken) {
      form.setError('mobileNumber', { message: MOBILE_EXISTS }, { shouldFocus: true });
      return;
    }
    save.mutate(values, {
      onSuccess: (saved) => void navigate('/businessPartners', { state: { notice: `${partner ? 'Saved' : 'Registered'} ${saved.name}.` } }),
      onError: onFailure,
    });
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={partner ? 'Partner Update' : 'Partner Registration'}>
        <Stack gap="md">
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField control={form.control} name="name" label="Name" withAsterisk maxLength={100} autoComplete="off" />
            <TextField control={form.control} name="companyName" label="Company Name" withAsterisk maxLength={100} autoComplete="off" />
            <TextField control={form.control} name="emailId" label="E-mail" type="email" inputMode="email" withAsterisk maxLength={120} autoComplete="off" />
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
                  autoComplete="off"
                  error={fieldState.error?.message ?? (mobileTaken ? MOBILE_EXISTS : undefined)}
                />
              )}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="productDetail"
            render={({ field, fieldState }) => (
              <Textarea {...field} value={field.value ?? ''} label="Product" inputWrapperOrder={HINT_BELOW} description="What they supply" withAsterisk rows={3} size="md" maxLength={300} error={fieldState.error?.message} />
            )}
          />
          <Controller
            control={form.control}
            name="address"
            render={({ field, fieldState }) => (
              <Textarea {...field} value={field.value ?? ''} label="Address" withAsterisk rows={3} size="md" maxLength={300} error={fieldState.error?.message} />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate(partner ? '/businessPartners' : '/home')}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {partner ? 'Update' : 'Register'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
