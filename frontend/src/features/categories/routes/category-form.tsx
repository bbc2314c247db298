import { Alert, Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { CATEGORY_EXISTS, requiredText, type Category } from '../../../../../shared/schemas/catalogue.js';
import { idParam } from '../../../../../shared/schemas/common.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { ImagePicker } from '../../../components/image-picker.js';
import { Page } from '../../../components/page.js';
import { imageChoice, isImageMessage, requireImageChoice } from '../../../lib/image-upload.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useCategory, useSaveCategory } from '../api/categories.js';

/** The server's category rules (shared/schemas/catalogue.ts), with the picture as a chosen file. */
const categoryForm = z
  .object({ categoryName: requiredText('Category Name is required.'), ...imageChoice })
  .superRefine(requireImageChoice);

/** /category/new and /category/{id}: the category form, 'Create Category' or 'Update Category' (spec 2 section 2). */
export default function CategoryFormScreen() {
  const { id: rawId } = useParams();
  const isNew = rawId === 'new';
  const parsed = idParam.safeParse(rawId);
  const id = !isNew && parsed.success ? parsed.data : undefined;
  const category = useCategory(id);

  if (!isNew && id === undefined) return <Navigate to="/error" replace state={{ message: 'Category not found.' }} />;
  return (
    <Page title={isNew ? 'Create Category' : 'Update Category'} size="sm">
      <RequireFeature anyOf={['CategoryEdit']} what="changing categories" back="/category">
        {!isNew && !category.data ? (
          <Center py="xl">
            <Loader aria-label="Loading the category" />
          </Center>
        ) : (
          <CategoryEditor category={category.data} />
        )}
      </RequireFeature>
    </Page>
  );
}

function CategoryEditor({ category }: { category?: Category }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveCategory(category);
  const form = useZodForm(categoryForm, {
    defaultValues: { categoryName: category?.categoryName ?? '', image: category?.image, file: null },
  });
  const onFailure = useSaveFailure((message) => {
    if (message === CATEGORY_EXISTS) form.setError('categoryName', { message }, { shouldFocus: true });
    else if (isImageMessage(message)) form.setError('file', { message });
    else setProblem(message);
  });

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    save.mutate(values, {
      onSuccess: (saved) =>
        void navigate('/category', { state: { notice: `${category ? 'Saved' : 'Created'} ${saved.categoryName}.` } }),
      onError: onFailure,
    });
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={category ? 'Update Category' : 'Create Category'}>
        <Stack gap="md">
          {problem && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <TextField
            control={form.control}
            name="categoryName"
            label="Category Name"
            placeholder="e.g. Groceries"
            withAsterisk
            maxLength={100}
          />
          <Controller
            control={form.control}
            name="file"
            render={({ field, fieldState }) => (
              <ImagePicker
                label="Category Image"
                required
                file={field.value ?? null}
                onChange={(file) => {
                  field.onChange(file);
                  if (file) form.clearErrors('file');
                }}
                currentUrl={category?.imageUrl}
                error={fieldState.error?.message}
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate('/home')}>
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
