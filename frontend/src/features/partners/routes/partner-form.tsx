import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { MOBILE_EXISTS } from '../../../../../shared/schemas/customer.js';
import { businessPartnerBody, type BusinessPartner } from '../../../../../shared/schemas/partner.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { HINT_BELOW } from '../../../components/form-layout.js';
import { FormCard, RecordFormPage, useRecordId } from '../../../components/record-form.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { usePartner, usePartnerMobileTaken, useSavePartner } from '../api/partners.js';

/** /businessPartners/new and /businessPartners/{id}: Partner Registration or Update (spec 3 sections 2 and 5). */
export default function PartnerFormScreen() {
  const { isNew, id } = useRecordId();
  const partner = usePartner(id);
  return (
    <RecordFormPage
      isNew={isNew}
      id={id}
      record={partner.data}
      title={isNew ? 'Partner Registration' : 'Partner Update'}
      description="Suppliers and the products they bring."
      size="md"
      notFound="Business partner not found."
      anyOf={['BusinessPartnerEdit']}
      what="registering or changing business partners"
      back="/businessPartners"
      loading="Loading the partner"
    >
      {(record) => <PartnerEditor partner={record} />}
    </RecordFormPage>
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
    <FormCard
      label={partner ? 'Partner Update' : 'Partner Registration'}
      onSubmit={(event) => void submit(event)}
      problem={problem}
      onCancel={() => void navigate(partner ? '/businessPartners' : '/home')}
      saving={save.isPending}
      saveLabel={partner ? 'Update' : 'Register'}
    >
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
    </FormCard>
  );
}
