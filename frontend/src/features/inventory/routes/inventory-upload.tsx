import { Alert, Anchor, Button, FileInput, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck, IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useBlocker, useNavigate } from 'react-router-dom';
import * as z from 'zod';
import { MAX_SPREADSHEET_BYTES, SPREADSHEET_ACCEPT, spreadsheetProblem } from '../../../../../shared/spreadsheets.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { useZodForm } from '../../../components/form-fields.js';
import { Page } from '../../../components/page.js';
import { errorText } from '../../../lib/query-client.js';
import { useSession } from '../../../lib/session.js';
import { useDownloadTemplate, useUploadFinished } from '../api/inventory.js';
import { UploadProblems } from '../components/upload-problems.js';
import { useInventoryUpload, type UploadState } from '../components/use-inventory-upload.js';

/** One required Excel file, checked with the server's rules and messages (shared/spreadsheets.ts). */
const uploadForm = z.object({ file: z.instanceof(File).nullable() }).superRefine(({ file }, ctx) => {
  const problem = spreadsheetProblem(file ? { fileName: file.name, size: file.size } : undefined);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['file'] });
});

const count = (n: number) => n.toLocaleString('en-IN');

/** /inventoryFile (spec 2 sections 2 and 5): receive goods from a spreadsheet filled in from the shop's template. */
export default function InventoryUploadScreen() {
  return (
    <Page
      title="Upload Inventory"
      description="Receive goods from a spreadsheet. Every row is checked first: if any row has a problem, nothing is saved."
      size="md"
      actions={
        <Button component={Link} to="/inventory" variant="default" leftSection={<IconArrowLeft size={16} />}>
          Back
        </Button>
      }
    >
      <RequireFeature anyOf={['InventoryEdit']} what="receiving inventory" back="/inventory">
        <InventoryUploader />
      </RequireFeature>
    </Page>
  );
}

function InventoryUploader() {
  const navigate = useNavigate();
  const userName = useSession()?.userName ?? '';
  const finished = useUploadFinished();
  const onUnexpected = useCallback((error: unknown) => void navigate('/error', { state: { message: errorText(error) } }), [navigate]);
  const onFinished = useCallback(() => void finished(), [finished]);
  const { state, upload, uploadAgain, resume, reset, busy } = useInventoryUpload({ userName, onFinished, onUnexpected });
  const template = useDownloadTemplate();
  const form = useZodForm(uploadForm, { defaultValues: { file: null } });
  const [declined, setDeclined] = useState(false);

  // Leaving while batches are saving stops the upload: ask first, in the app and when closing the tab.
  const blocker = useBlocker(busy);
  useEffect(() => {
    if (!busy) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  const submit = form.handleSubmit(({ file }) => {
    setDeclined(false);
    if (file) void upload(file);
  });

  const startOver = () => {
    reset();
    setDeclined(false);
    form.reset({ file: null });
  };

  const finishedState = state.step === 'done';

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Upload Inventory">
          <Stack gap="md">
            <Group gap="xs" wrap="wrap">
              <Text size="sm">Fill in the shop’s template, one row per product received:</Text>
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={600}
                onClick={() => template.mutate()}
                disabled={template.isPending}
              >
                <Group gap={4} wrap="nowrap" component="span">
                  <IconDownload size={16} aria-hidden />
                  Download the template (Template.xlsx)
                </Group>
              </Anchor>
            </Group>
            <Controller
              control={form.control}
              name="file"
              render={({ field, fieldState }) => (
                <FileInput
                  ref={field.ref}
                  label="Inventory File"
                  description={`An Excel file (.xls or .xlsx), up to ${MAX_SPREADSHEET_BYTES / (1024 * 1024)} MB and 10,000 rows`}
                  placeholder="Choose a spreadsheet"
                  withAsterisk
                  accept={SPREADSHEET_ACCEPT}
                  clearable
                  clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
                  leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                  value={field.value ?? null}
                  onChange={(file) => {
                    field.onChange(file);
                    if (!busy) reset();
                    setDeclined(false);
                  }}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message ?? (state.step === 'refused' && state.problems.length === 0 ? state.message : undefined)}
                  disabled={busy}
                  size="md"
                />
              )}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to="/inventory" disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" leftSection={<IconUpload size={16} />} loading={busy} disabled={finishedState}>
                Upload
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      {declined && (
        <Alert color="gray" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setDeclined(false)}>
          The file was not uploaded again.
        </Alert>
      )}
      <UploadStatus state={state} onResume={() => void resume()} onStartOver={startOver} />

      <ConfirmDialog
        opened={state.step === 'duplicate'}
        title="Upload this file again?"
        message={state.step === 'duplicate' ? state.question : ''}
        confirmLabel="Upload again"
        cancelLabel="Don’t upload"
        onConfirm={() => void uploadAgain()}
        onCancel={() => {
          reset();
          setDeclined(true);
        }}
      />
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title="Stop the upload?"
        message="The file is still being saved. Leaving this screen stops the upload; the rows saved so far stay saved."
        confirmLabel="Leave"
        cancelLabel="Stay"
        danger
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Stack>
  );
}

function UploadStatus({ state, onResume, onStartOver }: { state: UploadState; onResume: () => void; onStartOver: () => void }) {
  switch (state.step) {
    case 'checking':
      return (
        <Paper withBorder p="md" role="status">
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" aria-hidden />
            <Text size="sm">Checking every row of {state.fileName}…</Text>
          </Group>
        </Paper>
      );
    case 'saving':
    case 'stalled':
    case 'done': {
      const { staged, savedRows } = state;
      const percent = staged.rows === 0 ? 100 : Math.round((savedRows / staged.rows) * 100);
      return (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {staged.fileName}
              </Text>
              <Text size="sm" c="dimmed" aria-live="polite">
                {state.step === 'saving'
                  ? `Saving batch ${state.batch} of ${staged.batches} · ${count(savedRows)} of ${count(staged.rows)} rows`
                  : `${count(savedRows)} of ${count(staged.rows)} rows saved`}
              </Text>
            </Group>
            <Progress
              value={percent}
              size="lg"
              striped={state.step === 'saving'}
              animated={state.step === 'saving'}
              color={state.step === 'stalled' ? 'red' : state.step === 'done' ? 'green' : undefined}
              aria-label="Rows saved"
            />
            {state.step === 'stalled' && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={`Saving stopped at batch ${state.batch} of ${staged.batches}`}>
                <Stack gap="sm">
                  <Text size="sm">
                    {state.message} The rows saved so far stay saved; Resume saves the rest without saving any row twice.
                  </Text>
                  <Group>
                    <Button size="sm" onClick={onResume}>
                      Resume
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
            {state.step === 'done' && (
              <Alert color="green" icon={<IconCircleCheck size={18} />} role="status" title="Upload complete">
                <Stack gap="sm">
                  <Text size="sm">
                    Saved {count(savedRows)} {savedRows === 1 ? 'row' : 'rows'} from {staged.fileName}; the stock of every product in it has been raised.
                  </Text>
                  <Group gap="sm">
                    <Button size="xs" component={Link} to="/inventory">
                      View inventory
                    </Button>
                    <Button size="xs" variant="light" component={Link} to="/stock">
                      View stock
                    </Button>
                    <Button size="xs" variant="default" onClick={onStartOver}>
                      Upload another file
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
          </Stack>
        </Paper>
      );
    }
    case 'refused':
      if (state.problems.length === 0) return null;
      return (
        <Stack gap="sm">
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Nothing was saved">
            {state.message} Fix {state.problems.length === 1 ? 'this row' : 'these rows'} in {state.fileName} and upload it again.
          </Alert>
          <UploadProblems problems={state.problems} />
        </Stack>
      );
    default:
      return null;
  }
}
