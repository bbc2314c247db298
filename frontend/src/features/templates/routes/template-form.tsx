import { FileInput, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod';
import type { Template } from '../../../../../shared/schemas/template.js';
import { MAX_SPREADSHEET_BYTES, SPREADSHEET_ACCEPT, spreadsheetProblem } from '../../../../../shared/spreadsheets.js';
import { useZodForm } from '../../../components/form-fields.js';
import { FormCard, RecordFormPage, useRecordId } from '../../../components/record-form.js';
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
  const { isNew, id } = useRecordId();
  const template = useTemplate(id);
  return (
    <RecordFormPage
      isNew={isNew}
      id={id}
      record={template.data}
      title={isNew ? 'Upload Template' : 'Update Template'}
      size="sm"
      notFound="Template not found."
      anyOf={['TemplateEdit']}
      what="uploading templates"
      back="/template"
      loading="Loading the template"
    >
      {(record) => <TemplateUploader template={record} />}
    </RecordFormPage>
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
    <FormCard
      label={template ? 'Update Template' : 'Upload Template'}
      onSubmit={(event) => void submit(event)}
      problem={problem}
      onCancel={() => void navigate('/template')}
      saving={save.isPending}
    >
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
    </FormCard>
  );
}
