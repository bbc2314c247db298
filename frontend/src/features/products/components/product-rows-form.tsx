import { GST_UNITS } from '../../../../../shared/gst.js';
import { ActionIcon, Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { Controller, useFieldArray, useWatch, type Control, type ControllerRenderProps } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { MAX_BULK_ROWS, PRODUCT_EXISTS } from '../../../../../shared/schemas/catalogue.js';
import type { Category } from '../../../../../shared/schemas/category.js';
import { useZodForm } from '../../../components/form-fields.js';
import { ImagePicker } from '../../../components/image-picker.js';
import { isApiError } from '../../../lib/api-client.js';
import { uploadImage } from '../../../lib/image-upload.js';
import { useSaveFailure } from '../../../lib/save-failure.js';
import { fetchSuggestions, useCategoryChoices, useSaveProducts, useSuggestions } from '../api/products.js';
import { duplicateRows, normaliseName, takenByOtherRow, takenByStored, type StoredName } from './duplicate-names.js';
import {
  emptyRow,
  isBlank,
  newRowPayload,
  productRowsForm,
  rowFieldOf,
  updateRowPayload,
  type ProductRowValues,
  type ProductRowsValues,
} from './product-rows.js';

/** How long the 'Product Already Exists' of a name being typed stays (spec 2 section 5). */
export const DUPLICATE_FLASH_MS = 1000;
/** How long typing pauses before the name typed is checked against the stored products. */
const NAME_CHECK_DEBOUNCE_MS = 250;

interface ProductRowsFormProps {
  mode: 'add' | 'edit';
  initialRows: ProductRowValues[];
  /** Where Save (with its notice) and Cancel go: the product list unless the form was opened from another screen. */
  returnTo?: string;
}

/**
 * The bulk add and bulk edit form (spec 2 sections 2 and 5): a card per product, every field required including
 * the picture. A name already used (by a stored product or another row, in any letter case) shows 'Product Already
 * Exists' in the field for a second as it is typed, and a save with one is refused for that row. Pictures go up
 * through upload URLs, then one all-or-nothing save; the server's 'Row n: …' problems appear on their rows.
 */
export function ProductRowsForm({ mode, initialRows, returnTo = '/product' }: ProductRowsFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useCategoryChoices();
  const save = useSaveProducts();
  const schema = useMemo(() => productRowsForm(mode), [mode]);
  const form = useZodForm(schema, { defaultValues: { rows: initialRows } });
  const rows = useFieldArray({ control: form.control, name: 'rows' });
  const [problem, setProblem] = useState<string | null>(null);
  const [rowProblems, setRowProblems] = useState<Record<number, string>>({});
  const [step, setStep] = useState<string | null>(null);
  const showElsewhere = useSaveFailure(setProblem);
  // Read when a row's name changes rather than watched, so typing in one card re-renders that card only.
  const rowNames = useCallback(
    () => (form.getValues('rows') ?? []).map((row) => ({ productName: row?.productName ?? '', productId: row?.productId })),
    [form],
  );
  const { remove } = rows;
  const removeRow = useCallback(
    (index: number) => {
      remove(index);
      setRowProblems({});
    },
    [remove],
  );

  const fieldName = (index: number, field: string) => `rows.${index}.${field}` as `rows.${number}.productName`;

  /** The refusals of a save: on their rows and fields when the server names them, otherwise above the form. */
  const showFailure = (error: unknown) => {
    if (!isApiError(error, 400, 404, 409)) {
      showElsewhere(error);
      return;
    }
    setProblem(error.message);
    const onRows: Record<number, string> = {};
    error.details.forEach((detail, n) => {
      if (!detail.row) return;
      const field = rowFieldOf(detail.path);
      if (field) form.setError(fieldName(detail.row - 1, field), { message: detail.message }, { shouldFocus: n === 0 });
      else onRows[detail.row - 1] = detail.message;
    });
    setRowProblems(onRows);
  };

  const submit = form.handleSubmit(async ({ rows: all }) => {
    setProblem(null);
    setRowProblems({});
    const kept = (row: ProductRowValues) => mode === 'edit' || !isBlank(row);
    try {
      setStep('Checking names…');
      const stored = new Map<string, StoredName[]>();
      const names = [...new Set(all.filter(kept).map((row) => normaliseName(row.productName)))].filter(Boolean);
      const answers = await Promise.all(names.map((name) => fetchSuggestions(queryClient, name)));
      names.forEach((name, i) => stored.set(name, answers[i]!));
      const duplicates = duplicateRows(all.map((row) => (kept(row) ? row : { productName: '' })), stored);
      if (duplicates.length > 0) {
        duplicates.forEach((index, n) => form.setError(fieldName(index, 'productName'), { message: PRODUCT_EXISTS }, { shouldFocus: n === 0 }));
        setProblem(duplicates.map((index) => `Row ${index + 1}: ${PRODUCT_EXISTS}`).join(' '));
        return;
      }

      setStep('Uploading pictures…');
      const uploads = await Promise.allSettled(all.map((row) => (kept(row) && row.file ? uploadImage(row.file) : Promise.resolve(row.image))));
      const failed = uploads.flatMap((result, index) => (result.status === 'rejected' ? [{ index, error: result.reason as unknown }] : []));
      if (failed.length > 0) {
        failed.forEach(({ index, error }) => form.setError(fieldName(index, 'file'), { message: error instanceof Error ? error.message : String(error) }));
        setProblem(failed.map(({ index }) => `Row ${index + 1}: the picture could not be uploaded.`).join(' '));
        return;
      }
      const images = uploads.map((result) => (result.status === 'fulfilled' ? result.value : undefined));

      setStep('Saving…');
      const saved =
        mode === 'add'
          ? await save.mutateAsync({
              mode,
              // Rows with an empty name go as such: the server drops them and still counts rows as shown here.
              rows: all.map((row, index) => (isBlank(row) ? { productName: '' as const } : newRowPayload(row, images[index]))),
            })
          : await save.mutateAsync({ mode, rows: all.map((row, index) => updateRowPayload(row, images[index])) });
      const what = saved.length === 1 ? saved[0]!.productName : `${saved.length} products`;
      void navigate(returnTo, { state: { notice: `${mode === 'add' ? 'Added' : 'Saved'} ${what}.` } });
    } catch (error) {
      showFailure(error);
    } finally {
      setStep(null);
    }
  });

  const categoryOptions = useMemo(
    () => (categories.data ?? []).map((c: Category) => ({ value: String(c.categoryId), label: c.categoryName })),
    [categories.data],
  );
  const rootError = form.formState.errors.rows?.root?.message ?? form.formState.errors.rows?.message;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={mode === 'add' ? 'Add Products' : 'Modify Products'}>
      <Stack gap="md">
        {(problem || rootError) && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {problem ?? rootError}
          </Alert>
        )}
        {rows.fields.map((field, index) => (
          <ProductRowCard
            key={field.id}
            index={index}
            control={form.control}
            rowNames={rowNames}
            categoryOptions={categoryOptions}
            categoriesLoading={categories.isPending}
            rowProblem={rowProblems[index]}
            onRemove={rows.fields.length > 1 ? removeRow : undefined}
          />
        ))}
        <Group justify="space-between" gap="sm" wrap="wrap">
          {mode === 'add' ? (
            <Group gap="sm">
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => rows.append(emptyRow(), { shouldFocus: true, focusName: fieldName(rows.fields.length, 'productName') })}
                disabled={rows.fields.length >= MAX_BULK_ROWS}
              >
                Add Row
              </Button>
              <Text size="sm" c="dimmed">
                Rows with an empty name are left out. Up to {MAX_BULK_ROWS} rows per save.
              </Text>
            </Group>
          ) : (
            <span />
          )}
          <Group gap="sm" ml="auto">
            <Button variant="default" onClick={() => void navigate(returnTo)}>
              Cancel
            </Button>
            <Button type="submit" loading={step !== null} loaderProps={{ 'aria-label': step ?? undefined }}>
              Save
            </Button>
          </Group>
        </Group>
        {step && (
          <Text size="sm" c="dimmed" role="status">
            {step}
          </Text>
        )}
      </Stack>
    </form>
  );
}

interface ProductRowCardProps {
  index: number;
  control: Control<ProductRowsValues, unknown, ProductRowsValues>;
  /** Every row's name (and id on edit) now, for the check against the other rows. */
  rowNames: () => { productName: string; productId?: number }[];
  categoryOptions: { value: string; label: string }[];
  categoriesLoading: boolean;
  rowProblem?: string;
  onRemove?: (index: number) => void;
}

/**
 * 'Product Already Exists' for a second whenever the name typed is already used, checked against the stored
 * products whose name starts with the name (asked once the typing pauses, each name's answer cached) and the
 * other rows.
 */
function useDuplicateFlash(index: number, name: string, productId: number | undefined, rowNames: ProductRowCardProps['rowNames']) {
  const normalised = normaliseName(name);
  const [asked] = useDebouncedValue(normalised, NAME_CHECK_DEBOUNCE_MS);
  const suggestions = useSuggestions(asked);
  const takenInStore = takenByStored({ productName: normalised, productId }, asked === normalised ? suggestions.data : undefined);
  const [flash, setFlash] = useState(false);
  // Checked when this row's name changes or a stored product turns out to have it, not when another row is typed
  // in (so the message shows in the field being typed) nor when the ask merely goes out (so a second stays one).
  useEffect(() => {
    const taken = takenInStore || takenByOtherRow(index, rowNames());
    setFlash(taken);
    if (!taken) return undefined;
    const timer = setTimeout(() => setFlash(false), DUPLICATE_FLASH_MS);
    return () => clearTimeout(timer);
  }, [normalised, takenInStore, index, rowNames]);
  return flash ? PRODUCT_EXISTS : undefined;
}

interface ProductNameInputProps {
  field: ControllerRenderProps<ProductRowsValues, `rows.${number}.productName`>;
  error?: string;
  index: number;
  productId?: number;
  rowNames: ProductRowCardProps['rowNames'];
  rowLabel: string;
}

/** The name field, with the save's problem or else the passing 'Product Already Exists' of the name typed. */
function ProductNameInput({ field, error, index, productId, rowNames, rowLabel }: ProductNameInputProps) {
  const flash = useDuplicateFlash(index, field.value ?? '', productId, rowNames);
  return (
    <TextInput
      {...field}
      value={field.value ?? ''}
      label="Product Name"
      aria-label={`Product Name, ${rowLabel.toLowerCase()}`}
      placeholder="e.g. Tata Tea Gold 500 g"
      withAsterisk
      size="sm"
      maxLength={100}
      autoComplete="off"
      error={error ?? flash}
    />
  );
}

/** The GST unit list as the select offers it: `KGS – Kilograms`. */
const UNIT_OPTIONS = GST_UNITS.map((u) => ({ value: u.code, label: `${u.code} – ${u.name}` }));

/** A good's kind of supply (GSTR-1 table 8): what a 0 % good is; a good above 0 % is taxed whatever is chosen. */
const TAXABILITY_OPTIONS = [
  { value: '', label: 'Taxable at its GST rate (0 % = nil-rated)' },
  { value: 'nil-rated', label: 'Nil-rated (0 %)' },
  { value: 'exempt', label: 'Exempt' },
  { value: 'non-gst', label: 'Non-GST (outside GST)' },
];

const ProductRowCard = memo(function ProductRowCard({
  index,
  control,
  rowNames,
  categoryOptions,
  categoriesLoading,
  rowProblem,
  onRemove,
}: ProductRowCardProps) {
  // Watched by field, not the whole row, so typing re-renders only the field typed in.
  const productId = useWatch({ control, name: `rows.${index}.productId` });
  const imageUrl = useWatch({ control, name: `rows.${index}.imageUrl` });
  const label = `Row ${index + 1}`;
  const text = (name: 'description' | 'size' | 'colour', fieldLabel: string, placeholder: string, maxLength: number) => (
    <Controller
      control={control}
      name={`rows.${index}.${name}`}
      render={({ field, fieldState }) => (
        <TextInput
          {...field}
          value={field.value ?? ''}
          label={fieldLabel}
          aria-label={`${fieldLabel}, ${label.toLowerCase()}`}
          placeholder={placeholder}
          withAsterisk
          size="sm"
          maxLength={maxLength}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="fieldset" aria-label={label} style={{ margin: 0, minWidth: 0 }}>
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {label}
          {productId ? (
            <Text span c="dimmed" size="sm" fw={400}>
              {' '}
              · product {productId}
            </Text>
          ) : null}
        </Text>
        {onRemove && (
          <Tooltip label={`Remove ${label.toLowerCase()}`}>
            <ActionIcon variant="subtle" color="red" onClick={() => onRemove(index)} aria-label={`Remove ${label.toLowerCase()}`}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {rowProblem && (
        <Text c="red" size="sm" mb="xs" role="alert">
          {rowProblem}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
        <Controller
          control={control}
          name={`rows.${index}.productName`}
          render={({ field, fieldState }) => (
            <ProductNameInput
              field={field}
              error={fieldState.error?.message}
              index={index}
              productId={productId}
              rowNames={rowNames}
              rowLabel={label}
            />
          )}
        />
        <Controller
          control={control}
          name={`rows.${index}.categoryId`}
          render={({ field, fieldState }) => (
            <Select
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              data={categoryOptions}
              label="Category"
              aria-label={`Category, ${label.toLowerCase()}`}
              placeholder={categoriesLoading ? 'Loading…' : 'Choose a category'}
              searchable
              nothingFoundMessage="No category of that name"
              withAsterisk
              size="sm"
              error={fieldState.error?.message}
            />
          )}
        />
        {text('size', 'Size', 'e.g. 500 g', 50)}
        {text('colour', 'Colour', 'e.g. Red, or NA', 50)}
        {text('description', 'Description', 'What customers should know', 500)}
        <Controller
          control={control}
          name={`rows.${index}.hsnCode`}
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              value={field.value ?? ''}
              label="HSN code"
              aria-label={`HSN code, ${label.toLowerCase()}`}
              placeholder="4, 6 or 8 digits, e.g. 1006"
              inputMode="numeric"
              size="sm"
              maxLength={8}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name={`rows.${index}.unit`}
          render={({ field, fieldState }) => (
            <Select
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              data={UNIT_OPTIONS}
              label="Unit (GST)"
              aria-label={`Unit, ${label.toLowerCase()}`}
              searchable
              allowDeselect={false}
              size="sm"
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name={`rows.${index}.taxability`}
          render={({ field, fieldState }) => (
            <Select
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              value={field.value ?? ''}
              onChange={(value) => field.onChange(value ?? '')}
              data={TAXABILITY_OPTIONS}
              label="GST supply"
              aria-label={`GST supply, ${label.toLowerCase()}`}
              allowDeselect={false}
              size="sm"
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name={`rows.${index}.file`}
          render={({ field, fieldState }) => (
            <ImagePicker
              label="Image"
              ariaLabel={`Image, ${label.toLowerCase()}`}
              required
              compact
              file={field.value ?? null}
              onChange={field.onChange}
              currentUrl={imageUrl}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
    </Paper>
  );
});
