import { Alert, Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { idParam } from '../../../shared/schemas/common.js';
import type { FeatureName } from '../../../shared/features.js';
import { RequireFeature } from './feature-gate.js';
import { Page } from './page.js';

/** The record an add/edit screen (`/thing/new`, `/thing/{id}`) is about: `new`, a numeric id, or neither. */
export function useRecordId(): { isNew: boolean; id: number | undefined } {
  const { id: rawId } = useParams();
  const isNew = rawId === 'new';
  const parsed = idParam.safeParse(rawId);
  return { isNew, id: !isNew && parsed.success ? parsed.data : undefined };
}

interface RecordFormPageProps<T> {
  isNew: boolean;
  id: number | undefined;
  /** The record once loaded (undefined while it loads, and for a new one). */
  record: T | undefined;
  title: string;
  description?: string;
  size?: ComponentProps<typeof Page>['size'];
  /** Shown on /error when the path's id is not a number. */
  notFound: string;
  /** The features that may use the form, what it is for ('changing categories') and where the refusal leads back. */
  anyOf: FeatureName[];
  what: string;
  back: string;
  /** The loader's accessible name, e.g. 'Loading the category'. */
  loading: string;
  children: (record: T | undefined) => ReactNode;
}

/**
 * The frame of an add/edit screen: an unreadable id goes to /error, the page title, the feature check, a loader
 * until an existing record has arrived, then the editor with the record (or none for a new one).
 */
export function RecordFormPage<T>({ isNew, id, record, title, description, size = 'sm', notFound, anyOf, what, back, loading, children }: RecordFormPageProps<T>) {
  if (!isNew && id === undefined) return <Navigate to="/error" replace state={{ message: notFound }} />;
  return (
    <Page title={title} description={description} size={size}>
      <RequireFeature anyOf={anyOf} what={what} back={back}>
        {!isNew && record === undefined ? (
          <Center py="xl">
            <Loader aria-label={loading} />
          </Center>
        ) : (
          children(record)
        )}
      </RequireFeature>
    </Page>
  );
}

interface FormCardProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A refusal that belongs to no field, shown above the fields. */
  problem: string | null;
  onCancel: () => void;
  saving: boolean;
  saveLabel?: string;
  /** Shown instead of the Save button (e.g. when the user may only look). */
  saveHidden?: boolean;
  children: ReactNode;
}

/** The card of an add/edit form: the refusal, the fields, then Cancel and Save. */
export function FormCard({ label, onSubmit, problem, onCancel, saving, saveLabel = 'Save', saveHidden = false, children }: FormCardProps) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap="md">
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            {!saveHidden && (
              <Button type="submit" loading={saving}>
                {saveLabel}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
