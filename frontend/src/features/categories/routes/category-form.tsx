import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod';
import { CATEGORY_EXISTS, requiredText } from '../../../../../shared/schemas/catalogue.js';
import type { Category } from '../../../../../shared/schemas/category.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { ImageField } from '../../../components/image-picker.js';
import { FormCard, RecordFormPage, useRecordId } from '../../../components/record-form.js';
import { imageChoice, isImageMessage, requireImageChoice } from '../../../lib/image-upload.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { useCategory, useSaveCategory } from '../api/categories.js';

/** The server's category rules (shared/schemas/catalogue.ts), with the picture as a chosen file. */
const categoryForm = z
  .object({ categoryName: requiredText('Category Name is required.'), ...imageChoice })
  .superRefine(requireImageChoice);

/** /category/new and /category/{id}: the category form, 'Create Category' or 'Update Category' (spec 2 section 2). */
export default function CategoryFormScreen() {
  const { isNew, id } = useRecordId();
  const category = useCategory(id);
  return (
    <RecordFormPage
      isNew={isNew}
      id={id}
      record={category.data}
      title={isNew ? 'Create Category' : 'Update Category'}
      size="sm"
      notFound="Category not found."
      anyOf={['CategoryEdit']}
      what="changing categories"
      back="/category"
      loading="Loading the category"
    >
      {(record) => <CategoryEditor category={record} />}
    </RecordFormPage>
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
    <FormCard
      label={category ? 'Update Category' : 'Create Category'}
      onSubmit={(event) => void submit(event)}
      problem={problem}
      onCancel={() => void navigate('/home')}
      saving={save.isPending}
    >
      <TextField
        control={form.control}
        name="categoryName"
        label="Category Name"
        placeholder="e.g. Groceries"
        withAsterisk
        maxLength={100}
      />
      <ImageField control={form.control} clearErrors={form.clearErrors} label="Category Image" currentUrl={category?.imageUrl} />
    </FormCard>
  );
}
