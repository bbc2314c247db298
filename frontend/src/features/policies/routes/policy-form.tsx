import { Alert, Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { requiredText } from '../../../../../shared/schemas/catalogue.js';
import { idParam } from '../../../../../shared/schemas/common.js';
import { POLICY_EXISTS, type Policy } from '../../../../../shared/schemas/content.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { ImagePicker } from '../../../components/image-picker.js';
import { Page } from '../../../components/page.js';
import { imageChoice, isImageMessage, requireImageChoice } from '../../../lib/image-upload.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { usePolicy, useSavePolicy } from '../api/policies.js';

/** The server's policy rules (shared/schemas/content.ts), with the picture as a chosen file. */
const policyForm = z
  .object({ policyName: requiredText('Policy Name is required.'), ...imageChoice })
  .superRefine(requireImageChoice);

/** /policy/new and /policy/{id}: a policy's name and its picture (spec 2 section 2). */
export default function PolicyFormScreen() {
  const { id: rawId } = useParams();
  const isNew = rawId === 'new';
  const parsed = idParam.safeParse(rawId);
  const id = !isNew && parsed.success ? parsed.data : undefined;
  const policy = usePolicy(id);

  if (!isNew && id === undefined) return <Navigate to="/error" replace state={{ message: 'Policy not found.' }} />;
  return (
    <Page title={isNew ? 'Add Policy' : 'Edit Policy'} size="sm">
      <RequireFeature anyOf={['PolicyEdit']} what="changing policies" back="/policy">
        {!isNew && !policy.data ? (
          <Center py="xl">
            <Loader aria-label="Loading the policy" />
          </Center>
        ) : (
          <PolicyEditor policy={policy.data} />
        )}
      </RequireFeature>
    </Page>
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
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={policy ? 'Edit Policy' : 'Add Policy'}>
        <Stack gap="md">
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <TextField
            control={form.control}
            name="policyName"
            label="Policy Name"
            placeholder="e.g. Return Policy"
            withAsterisk
            maxLength={100}
          />
          <Controller
            control={form.control}
            name="file"
            render={({ field, fieldState }) => (
              <ImagePicker
                label="Policy Image"
                required
                file={field.value ?? null}
                onChange={(file) => {
                  field.onChange(file);
                  if (file) form.clearErrors('file');
                }}
                currentUrl={policy?.imageUrl}
                error={fieldState.error?.message}
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate('/policy')}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
