import { Alert, Button, Divider, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { inventorySave, type InventorySuggestion } from '../../../../../shared/schemas/inventory.js';
import { RequireFeature } from '../../../components/feature-gate.js';
import { TextField, useZodForm } from '../../../components/form-fields.js';
import { Page } from '../../../components/page.js';
import { ProductSuggest } from '../../../components/product-suggest.js';
import { isApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import { useReceiveInventory } from '../api/inventory.js';

/** /inventory/{id}: 'new' is the add form (spec 2 section 2); a saved receipt is not edited. */
export default function InventoryFormScreen() {
  const { id } = useParams();
  return (
    <Page
      title="Add Inventory"
      description="Receive goods for a product: its stock rises by the quantity received."
      size="md"
      actions={
        <Button component={Link} to="/inventory" variant="default" leftSection={<IconArrowLeft size={16} />}>
          Back
        </Button>
      }
    >
      <RequireFeature anyOf={['InventoryEdit']} what="receiving inventory" back="/inventory">
        {id === 'new' ? <InventoryAddForm /> : <NotEditable />}
      </RequireFeature>
    </Page>
  );
}

function NotEditable() {
  return (
    <Stack gap="md">
      <Alert color="blue" icon={<IconInfoCircle size={18} />} title="Receipts are not edited">
        A saved receipt stays as it was received, so every stock figure can be explained. To correct a quantity on the
        shelf, edit the product’s line on the stock list; the change is recorded in its history.
      </Alert>
      <Group gap="sm">
        <Button component={Link} to="/stock">
          Stock
        </Button>
        <Button component={Link} to="/inventory/new" variant="default">
          Add Inventory
        </Button>
      </Group>
    </Stack>
  );
}

const emptyForm = {
  productId: undefined,
  productName: '',
  vendor: '',
  artcode: '',
  barcode: '',
  quantity: '',
  cgst: '',
  sgst: '',
  mrp: '',
  buyingPrice: '',
  sellingPrice: undefined,
};

const typed = (amount: number) => String(amount);

/**
 * The add form, keyboard first: choose the product (a scanned barcode picks its line at once), and the line's codes,
 * rates and latest prices are filled in; the cursor moves on to Quantity. Enter in Barcode moves on (a scanner ends
 * with Enter) instead of saving. After a save the form is ready for the next product.
 */
function InventoryAddForm() {
  const navigate = useNavigate();
  const form = useZodForm(inventorySave, { defaultValues: emptyForm });
  const receive = useReceiveInventory();
  const [product, setProduct] = useState<InventorySuggestion | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const productInput = useRef<HTMLInputElement>(null);

  const choose = (chosen: InventorySuggestion | null) => {
    setProduct(chosen);
    setSaved(null);
    const touched = form.formState.isSubmitted;
    form.setValue('productId', chosen?.productId, { shouldValidate: touched });
    form.setValue('productName', chosen?.productName ?? '');
    if (!chosen) return;
    if (chosen.inventoryId > 0) {
      // A line received before: its codes, rates and latest prices, for the user to check.
      const fill = { artcode: chosen.artcode, barcode: chosen.barcode, cgst: typed(chosen.cgst), sgst: typed(chosen.sgst), mrp: typed(chosen.mrp), buyingPrice: typed(chosen.buyingPrice) };
      for (const [name, value] of Object.entries(fill)) form.setValue(name as keyof typeof fill, value, { shouldValidate: touched });
      form.setValue('sellingPrice', chosen.sellingPrice === chosen.mrp ? undefined : typed(chosen.sellingPrice));
      setTimeout(() => form.setFocus('quantity'), 0);
    } else {
      setTimeout(() => form.setFocus('barcode'), 0);
    }
  };

  const barcodeKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    form.setFocus('artcode');
  };

  const submit = form.handleSubmit((body) => {
    setProblem(null);
    setSaved(null);
    receive.mutate(body, {
      onSuccess: ({ inventory, stock }) => {
        setSaved(
          `Received ${inventory.quantity.toLocaleString('en-IN')} of ${inventory.productName} (${inventory.artcode}). Stock now ${stock.quantity.toLocaleString('en-IN')}.`,
        );
        form.reset(emptyForm);
        setProduct(null);
        setPickerKey((k) => k + 1);
        setTimeout(() => productInput.current?.focus(), 0);
      },
      onError: (error) => {
        if (isApiError(error, 400, 403, 404, 409)) setProblem(error.message);
        else void navigate('/error', { state: { message: errorText(error) } });
      },
    });
  });

  const numeric = { inputMode: 'decimal' as const, autoComplete: 'off', required: true };

  return (
    <Stack gap="md">
      {saved && (
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setSaved(null)}>
          {saved}
        </Alert>
      )}
      {problem && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add Inventory">
          <Stack gap="md">
            <Controller
              control={form.control}
              name="productId"
              render={({ fieldState }) => (
                <ProductSuggest
                  key={pickerKey}
                  label="Product"
                  includeNeverReceived
                  value={product}
                  onChange={choose}
                  error={fieldState.error?.message}
                  required
                  autoFocus
                  inputRef={productInput}
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextField control={form.control} name="barcode" label="Barcode" withAsterisk autoComplete="off" onKeyDown={barcodeKeyDown} />
              <TextField control={form.control} name="artcode" label="Artcode / HSN" withAsterisk autoComplete="off" />
            </SimpleGrid>
            <TextField control={form.control} name="vendor" label="Vendor" description="Who supplied the goods (optional)" />
            <Divider label="Quantity and prices" labelPosition="left" />
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <TextField control={form.control} name="quantity" label="Quantity" withAsterisk {...numeric} inputMode="numeric" />
              <TextField control={form.control} name="cgst" label="CGST %" withAsterisk {...numeric} />
              <TextField control={form.control} name="sgst" label="SGST %" withAsterisk {...numeric} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <TextField control={form.control} name="mrp" label="MRP (₹)" withAsterisk {...numeric} />
              <TextField control={form.control} name="buyingPrice" label="Buying Price (₹)" withAsterisk {...numeric} />
              <Controller
                control={form.control}
                name="sellingPrice"
                render={({ field, fieldState }) => (
                  // Empty means 'same as MRP': the field is left out rather than sent empty.
                  <TextInput
                    ref={field.ref}
                    name={field.name}
                    label="Selling Price (₹)"
                    placeholder="Same as MRP"
                    inputMode="decimal"
                    autoComplete="off"
                    value={(field.value as string | number | undefined) ?? ''}
                    error={fieldState.error?.message}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(event.currentTarget.value === '' ? undefined : event.currentTarget.value)}
                  />
                )}
              />
            </SimpleGrid>
            {product && product.inventoryId > 0 && (
              <Text size="xs" c="dimmed">
                Filled in from the latest receipt of {product.artcode}; check them against the bill.
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to="/inventory">
                Cancel
              </Button>
              <Button type="submit" loading={receive.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
