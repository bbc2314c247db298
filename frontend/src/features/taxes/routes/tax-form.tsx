import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { TAX_EXISTS, taxSave, type Tax } from '../../../../../shared/schemas/catalogue.js';
import { idParam } from '../../../../../shared/schemas/common.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { Page } from '../../../components/page.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useSaveTax, useTax } from '../api/taxes.js';

/** /tax/new and /tax/{id}: the Add/Edit (tax) Category form of spec 3 section 2. */
export default function TaxFormScreen() {
  const { id: rawId } = useParams();
  const isNew = rawId === 'new';
  const parsed = idParam.safeParse(rawId);
  const id = !isNew && parsed.success ? parsed.data : undefined;
  const tax = useTax(id);

  if (!isNew && id === undefined) return <Navigate to="/error" replace state={{ message: 'Tax category not found.' }} />;
  return (
    <Page title={isNew ? 'Add Tax Category' : 'Edit Tax Category'} size="sm">
      <RequireFeature anyOf={['CategoryEdit']} what="changing taxes" back="/tax">
        {!isNew && !tax.data ? (
          <Center py="xl">
            <Loader aria-label="Loading the tax category" />
          </Center>
        ) : (
          <TaxEditor tax={tax.data} />
        )}
      </RequireFeature>
    </Page>
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
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={tax ? 'Edit Tax Category' : 'Add Tax Category'}>
        <Stack gap="md">
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <TextField control={form.control} name="categoryType" label="Category Type" placeholder="e.g. GST 5%" withAsterisk maxLength={100} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextField control={form.control} name="cgst" label="CGST (%)" placeholder="e.g. 2.5" inputMode="decimal" withAsterisk />
            <TextField control={form.control} name="sgst" label="SGST (%)" placeholder="e.g. 2.5" inputMode="decimal" withAsterisk />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate('/tax')}>
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
