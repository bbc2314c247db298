import { SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { TAX_EXISTS } from '../../../../../shared/schemas/catalogue.js';
import { taxSave, type Tax } from '../../../../../shared/schemas/tax.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { FormCard, RecordFormPage, useRecordId } from '../../../components/record-form.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useSaveTax, useTax } from '../api/taxes.js';

/** /tax/new and /tax/{id}: the Add/Edit (tax) Category form of spec 3 section 2. */
export default function TaxFormScreen() {
  const { isNew, id } = useRecordId();
  const tax = useTax(id);
  return (
    <RecordFormPage
      isNew={isNew}
      id={id}
      record={tax.data}
      title={isNew ? 'Add Tax Category' : 'Edit Tax Category'}
      size="sm"
      notFound="Tax category not found."
      anyOf={['CategoryEdit']}
      what="changing taxes"
      back="/tax"
      loading="Loading the tax category"
    >
      {(record) => <TaxEditor tax={record} />}
    </RecordFormPage>
  );
}

function TaxEditor({ tax }: { tax?: Tax }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveTax(tax);
  // The rates are typed as text so that a word gets the spec's 'Enter the number!!!' rather than being swallowed.
  const form = useZodForm(taxSave, {
    defaultValues: tax ? { categoryType: tax.categoryType, cgst: String(tax.cgst), sgst: String(tax.sgst) } : { categoryType: '', cgst: '', sgst: '' },
  });
  const onFailure = useSaveFailure((message) => {
    if (message === TAX_EXISTS) form.setError('categoryType', { message }, { shouldFocus: true });
    else setProblem(message);
  });

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    save.mutate(values, {
      onSuccess: (saved) => void navigate('/tax', { state: { notice: `${tax ? 'Saved' : 'Added'} ${saved.categoryType}.` } }),
      onError: onFailure,
    });
  });

  return (
    <FormCard
      label={tax ? 'Edit Tax Category' : 'Add Tax Category'}
      onSubmit={(event) => void submit(event)}
      problem={problem}
      onCancel={() => void navigate('/tax')}
      saving={save.isPending}
    >
      <TextField control={form.control} name="categoryType" label="Category Type" placeholder="e.g. GST 5%" withAsterisk maxLength={100} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextField control={form.control} name="cgst" label="CGST (%)" placeholder="e.g. 2.5" inputMode="decimal" withAsterisk />
        <TextField control={form.control} name="sgst" label="SGST (%)" placeholder="e.g. 2.5" inputMode="decimal" withAsterisk />
      </SimpleGrid>
    </FormCard>
  );
}
