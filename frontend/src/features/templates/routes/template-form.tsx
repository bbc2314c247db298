import { Alert, Button, Center, FileInput, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import type { Template } from '../../../../../shared/schemas/catalogue.js';
import { idParam } from '../../../../../shared/schemas/common.js';
import { MAX_SPREADSHEET_BYTES, SPREADSHEET_ACCEPT, spreadsheetProblem } from '../../../../../shared/spreadsheets.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { useZodForm } from '../../../components/form-fields.js';
import { Page } from '../../../components/page.js';
import { isApiError } from '../../../lib/api-client.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useSaveTemplate, useTemplate } from '../api/templates.js';

/** One required Excel file, checked with the server's rules and messages (shared/spreadsheets.ts). */
const templateForm = z.object({ file: z.instanceof(File).nullable() }).superRefine(({ file }, ctx) => {
  const problem = spreadsheetProblem(file ? { fileName: file.name, size: file.size } : undefined);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['file'] });
});

/** /template/new and /template/{id}: 'Upload Template' or 'Update Template' (spec 2 section 2). */
export default function TemplateFormScreen() {
  const { id: rawId } = useParams();
  const isNew = rawId === 'new';
  const parsed = idParam.safeParse(rawId);
  const id = !isNew && parsed.success ? parsed.data : undefined;
  const template = useTemplate(id);

  if (!isNew && id === undefined) return <Navigate to="/error" replace state={{ message: 'Template not found.' }} />;
  return (
    <Page title={isNew ? 'Upload Template' : 'Update Template'} size="sm">
      <RequireFeature anyOf={['TemplateEdit']} what="uploading templates" back="/template">
        {!isNew && !template.data ? (
          <Center py="xl">
            <Loader aria-label="Loading the template" />
          </Center>
        ) : (
          <TemplateUploader template={template.data} />
        )}
      </RequireFeature>
    </Page>
  );
}

function TemplateUploader({ template }: { template?: Template }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveTemplate(template);
  const form = useZodForm(templateForm, { defaultValues: { file: null } });
  const onFailure = useSaveFailure(setProblem);

  const submit = form.handleSubmit(({ file }) => {
    setProblem(null);
    if (!file) return;
    save.mutate(file, {
      onSuccess: (saved) =>
        void navigate('/template', { state: { notice: `${template ? 'Updated' : 'Uploaded'} ${saved.templateName}.` } }),
      onError: (error) => {
        // The server's file problems belong under the field, like the browser's own.
        if (isApiError(error, 400)) form.setError('file', { message: error.message });
        else onFailure(error);
      },
    });
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={template ? 'Update Template' : 'Upload Template'}>
        <Stack gap="md">
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          {template && (
            <Text size="sm">
              Replacing <b>{template.templateName}</b>. The new file becomes the template staff download.
            </Text>
          )}
          <Controller
            control={form.control}
            name="file"
            render={({ field, fieldState }) => (
              <FileInput
                ref={field.ref}
                label="Template File"
                description={`An Excel file (.xls or .xlsx), up to ${MAX_SPREADSHEET_BYTES / (1024 * 1024)} MB`}
                placeholder="Choose a spreadsheet"
                withAsterisk
                accept={SPREADSHEET_ACCEPT}
                clearable
                clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                value={field.value ?? null}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate('/template')}>
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
