import { Alert, Anchor, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { formatDate } from '../../../../../shared/format.js';
import { idParam } from '../../../../../shared/schemas/common.js';
import { stockCreate, stockUpdate, type InventorySuggestion, type Stock } from '../../../../../shared/schemas/inventory.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { Page } from '../../../components/page.js';
import { ProductSuggest } from '../../../components/product-suggest.js';
import type { SavedNoticeState } from '../../../components/saved-notice.js';
import { isApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import { useSaveStock, useStock } from '../api/stock.js';
import { MovementHistory } from '../components/movement-history.js';

/**
 * Where Cancel and a save go. The spec sends Cancel to /ticket, which in this product leads to the stock list; going
 * there directly saves a redirect.
 */
const BACK_TO = '/stock';

/** /stock/new ('Add Stock') and /stock/{id} ('Edit Stock'): Product Name, Product Id, Quantity and Price, all required. */
export default function StockFormScreen() {
  const { id: rawId } = useParams();
  const isNew = rawId === 'new';
  const parsed = idParam.safeParse(rawId);
  const id = !isNew && parsed.success ? parsed.data : undefined;
  const line = useStock(id);

  if (!isNew && id === undefined) return <Navigate to="/error" replace state={{ message: 'Stock not found.' }} />;
  return (
    <Page title={isNew ? 'Add Stock' : 'Edit Stock'} description="Stock changes are recorded in the line’s history with who made them." size="sm">
      <RequireFeature anyOf={['InventoryEdit']} what="editing stock" back={BACK_TO}>
        {isNew ? (
          <AddStockForm />
        ) : line.data ? (
          <EditStockForm line={line.data} />
        ) : (
          <Center py="xl">
            <Loader aria-label="Loading the stock line" />
          </Center>
        )}
      </RequireFeature>
    </Page>
  );
}

function useSaved() {
  const navigate = useNavigate();
  return (line: Stock) =>
    void navigate(BACK_TO, {
      state: { notice: `Saved ${line.productName} (${line.artcode}): ${line.quantity.toLocaleString('en-IN')} in stock.` } satisfies SavedNoticeState,
    });
}

/** A refusal of the server stays on the form; anything else is the error screen's. */
function useFailure(show: (message: string) => void) {
  const navigate = useNavigate();
  return (error: unknown) => {
    if (isApiError(error, 400, 403, 404, 409)) show(error.message);
    else void navigate('/error', { state: { message: errorText(error) } });
  };
}

function Problem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  );
}

function FormButtons({ saving }: { saving: boolean }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" component={Link} to={BACK_TO}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        Save
      </Button>
    </Group>
  );
}

function AddStockForm() {
  const form = useZodForm(stockCreate, { defaultValues: { productId: undefined, productName: '', artcode: '', quantity: '', productPrice: '' } });
  const save = useSaveStock(undefined);
  const saved = useSaved();
  const [problem, setProblem] = useState<string | null>(null);
  const onFailure = useFailure(setProblem);
  const [product, setProduct] = useState<InventorySuggestion | null>(null);

  const choose = (chosen: InventorySuggestion | null) => {
    setProduct(chosen);
    form.setValue('productId', chosen?.productId, { shouldValidate: form.formState.isSubmitted });
    form.setValue('productName', chosen?.productName ?? '');
    if (chosen) setTimeout(() => form.setFocus('artcode'), 0);
  };

  const submit = form.handleSubmit((body) => {
    setProblem(null);
    save.mutate(body, { onSuccess: saved, onError: onFailure });
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add Stock">
        <Stack gap="md">
          <Problem message={problem} />
          <Controller
            control={form.control}
            name="productId"
            render={({ fieldState }) => (
              <ProductSuggest label="Product Name" includeNeverReceived value={product} onChange={choose} error={fieldState.error?.message} required autoFocus />
            )}
          />
          <TextInput label="Product Id" withAsterisk readOnly variant="filled" value={product ? String(product.productId) : ''} placeholder="Comes with the product" />
          {product && product.inventoryId > 0 && (
            <Text size="sm" c="dimmed">
              This product already has stock under {product.artcode}.{' '}
              <Anchor component={Link} to={`/stock/${product.stockId}`} size="sm">
                Edit that line
              </Anchor>{' '}
              or add a line with another artcode.
            </Text>
          )}
          <TextField control={form.control} name="artcode" label="Artcode / HSN" withAsterisk autoComplete="off" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextField control={form.control} name="quantity" label="Quantity" withAsterisk inputMode="numeric" autoComplete="off" />
            <TextField control={form.control} name="productPrice" label="Price (₹)" withAsterisk inputMode="decimal" autoComplete="off" />
          </SimpleGrid>
          <FormButtons saving={save.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}

function EditStockForm({ line }: { line: Stock }) {
  const form = useZodForm(stockUpdate, {
    defaultValues: { productId: line.productId, productName: line.productName, quantity: String(line.quantity), productPrice: String(line.productPrice), version: line.version },
  });
  const save = useSaveStock(line.stockId);
  const saved = useSaved();
  const [problem, setProblem] = useState<string | null>(null);
  const [history, setHistory] = useState(false);
  const onFailure = useFailure(setProblem);

  const submit = form.handleSubmit((body) => {
    setProblem(null);
    save.mutate(body, { onSuccess: saved, onError: onFailure });
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Edit Stock">
        <Stack gap="md">
          <Problem message={problem} />
          <TextInput label="Product Name" withAsterisk readOnly variant="filled" value={line.productName} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="Product Id" withAsterisk readOnly variant="filled" value={String(line.productId)} />
            <TextInput label="Artcode / HSN" readOnly variant="filled" value={line.artcode} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextField control={form.control} name="quantity" label="Quantity" withAsterisk inputMode="numeric" autoComplete="off" data-autofocus autoFocus />
            <TextField control={form.control} name="productPrice" label="Price (₹)" withAsterisk inputMode="decimal" autoComplete="off" />
          </SimpleGrid>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="xs" c="dimmed">
              Last changed {formatDate(line.updatedOn ?? line.createdOn)} by {line.updatedBy ?? line.createdBy}.{' '}
              <Anchor component="button" type="button" size="xs" onClick={() => setHistory(true)}>
                <IconHistory size={12} aria-hidden /> History
              </Anchor>
            </Text>
          </Group>
          <FormButtons saving={save.isPending} />
        </Stack>
      </form>
      <MovementHistory line={history ? line : null} onClose={() => setHistory(false)} />
    </Paper>
  );
}
