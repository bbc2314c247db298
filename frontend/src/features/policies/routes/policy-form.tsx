import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod';
import { requiredText } from '../../../../../shared/schemas/catalogue.js';
import { POLICY_EXISTS, type Policy } from '../../../../../shared/schemas/content.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { ImageField } from '../../../components/image-picker.js';
import { FormCard, RecordFormPage, useRecordId } from '../../../components/record-form.js';
import { imageChoice, isImageMessage, requireImageChoice } from '../../../lib/image-upload.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { usePolicy, useSavePolicy } from '../api/policies.js';

/** The server's policy rules (shared/schemas/content.ts), with the picture as a chosen file. */
const policyForm = z
  .object({ policyName: requiredText('Policy Name is required.'), ...imageChoice })
  .superRefine(requireImageChoice);

/** /policy/new and /policy/{id}: a policy's name and its picture (spec 2 section 2). */
export default function PolicyFormScreen() {
  const { isNew, id } = useRecordId();
  const policy = usePolicy(id);
  return (
    <RecordFormPage
      isNew={isNew}
      id={id}
      record={policy.data}
      title={isNew ? 'Add Policy' : 'Edit Policy'}
      size="sm"
      notFound="Policy not found."
      anyOf={['PolicyEdit']}
      what="changing policies"
      back="/policy"
      loading="Loading the policy"
    >
      {(record) => <PolicyEditor policy={record} />}
    </RecordFormPage>
  );
}

function PolicyEditor({ policy }: { policy?: Policy }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSavePolicy(policy);
  const form = useZodForm(policyForm, {
    defaultValues: { policyName: policy?.policyName ?? '', image: policy?.image, file: null },
  });
  const onFailure = useSaveFailure((message) => {
    if (message === POLICY_EXISTS) form.setError('policyName', { message }, { shouldFocus: true });
    else if (isImageMessage(message)) form.setError('file', { message });
    else setProblem(message);
  });

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    save.mutate(values, {
      onSuccess: (saved) => void navigate('/policy', { state: { notice: `${policy ? 'Saved' : 'Added'} ${saved.policyName}.` } }),
      onError: onFailure,
    });
  });

  return (
    <FormCard
      label={policy ? 'Edit Policy' : 'Add Policy'}
      onSubmit={(event) => void submit(event)}
      problem={problem}
      onCancel={() => void navigate('/policy')}
      saving={save.isPending}
    >
      <TextField
        control={form.control}
        name="policyName"
        label="Policy Name"
        placeholder="e.g. Return Policy"
        withAsterisk
        maxLength={100}
      />
      <ImageField control={form.control} clearErrors={form.clearErrors} label="Policy Image" currentUrl={policy?.imageUrl} />
    </FormCard>
  );
}
