import { Alert, Anchor, Button, Center, Divider, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatRupees } from '../../../../../shared/format.js';
import { CART_FULL, capMessage, MAX_CART_LINES, type CartMasterRow } from '../../../../../shared/schemas/cart.js';
import { MessageModal } from '../../../components/message-modal.js';
import { Page } from '../../../components/page.js';
import { SearchBox } from '../../../components/search-box.js';
import { SearchCapNote } from '../../../components/search-cap-note.js';
import { isApiError } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import {
  useCartMaster,
  useDeleteCartLine,
  useMoveToCart,
  useSaveForLater,
  useSavedCount,
  useSavedItems,
  useSetCartQuantity,
} from '../api/cart.js';
import { CartLineCard, SavedItemCard } from '../components/cart-line-card.js';
import { ListPager } from '../components/list-pager.js';
import { useKeepPageInRange, useListSearch } from '../../../components/list-state.js';

/** Rupee sums in paise, so 19.99 × 3 stays exact. */
const sumRupees = (rows: readonly CartMasterRow[], pick: (row: CartMasterRow) => number) =>
  rows.reduce((sum, row) => sum + Math.round(pick(row) * 100), 0) / 100;

/**
 * The cart (/cart, spec 1 section 2): 'Your Cart' with its lines (minus, plus, Delete, Save for later) and 'Your
 * Saved Items' (searchable, pages of 5, Move to cart, Delete), then Checkout. Refusals of the server ('Your Cart is
 * full, please place the order.', '{n} in Stock', 'Out of Stock') are shown to the customer.
 */
export default function CartScreen() {
  const navigate = useNavigate();
  const cart = useCartMaster();
  const list = useListSearch();
  const { search, page, setPage, searchProps } = list;
  const saved = useSavedItems(search, page);
  const savedCount = useSavedCount(search);
  // Moving or deleting the last saved item of the last page goes back to the page before.
  useKeepPageInRange(list, savedCount.data);
  const setQuantity = useSetCartQuantity();
  const saveForLater = useSaveForLater();
  const moveToCart = useMoveToCart();
  const remove = useDeleteCartLine();
  /** Lines deleted on the screen at once, before the server answers (spec 1 section 7). */
  const [deleted, setDeleted] = useState<ReadonlySet<number>>(new Set());
  const [lineMessages, setLineMessages] = useState<Record<number, string>>({});
  const [modal, setModal] = useState<string>();
  const [busyId, setBusyId] = useState<number>();

  const lines = (cart.data ?? []).filter((l) => !deleted.has(l.customerCartId));
  const savedLines = (saved.data ?? []).filter((l) => !deleted.has(l.customerCartId));
  const savedTotal = savedCount.data ?? 0;

  const refused = (error: unknown) => setModal(isApiError(error) ? error.message : errorText(error));
  const settle = () => setBusyId(undefined);
  const lineMessage = (line: CartMasterRow, message?: string) =>
    setLineMessages((all) => {
      const next = { ...all };
      if (message) next[line.customerCartId] = message;
      else delete next[line.customerCartId];
      return next;
    });

  const changeQuantity = (line: CartMasterRow, quantity: number) => {
    // Plus never passes the shelf: the cap's message, with what may still be added, instead of a refused call.
    if (quantity > line.cartQuantity && quantity > line.quantity) {
      lineMessage(line, capMessage(line.quantity - line.cartQuantity));
      return;
    }
    lineMessage(line);
    setBusyId(line.customerCartId);
    setQuantity.mutate(
      { line, quantity },
      { onError: (error) => (isApiError(error, 409) ? lineMessage(line, error.message) : refused(error)), onSettled: settle },
    );
  };

  const toSaved = (line: CartMasterRow) => {
    setBusyId(line.customerCartId);
    saveForLater.mutate(line, { onError: refused, onSettled: settle });
  };

  const toCart = (line: CartMasterRow) => {
    // A new cart line needs room among the 10; one more of a product in the cart always fits.
    const merges = lines.some((l) => l.productId === line.productId);
    if (!merges && lines.length >= MAX_CART_LINES) {
      setModal(CART_FULL);
      return;
    }
    setBusyId(line.customerCartId);
    moveToCart.mutate(line, { onError: refused, onSettled: settle });
  };

  const drop = (line: CartMasterRow) => {
    setDeleted((ids) => new Set(ids).add(line.customerCartId));
    remove.mutate(line, {
      onError: (error) => {
        setDeleted((ids) => {
          const next = new Set(ids);
          next.delete(line.customerCartId);
          return next;
        });
        refused(error);
      },
    });
  };

  const items = lines.reduce((sum, l) => sum + l.cartQuantity, 0);

  return (
    <Page title="Your Cart" size="lg">
      {cart.isError && (
        <Alert color="red" role="alert">
          {errorText(cart.error)}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {cart.isPending ? (
            <Center py="xl">
              <Loader size="sm" aria-label="Loading" />
            </Center>
          ) : lines.length > 0 ? (
            <Stack gap="sm" role="list" aria-label="Cart lines">
              {lines.map((line) => (
                <div role="listitem" key={line.customerCartId}>
                  <CartLineCard
                    line={line}
                    busy={busyId === line.customerCartId}
                    message={lineMessages[line.customerCartId]}
                    onPlus={() => changeQuantity(line, line.cartQuantity + 1)}
                    onMinus={() => changeQuantity(line, line.cartQuantity - 1)}
                    onDelete={() => drop(line)}
                    onSaveForLater={() => toSaved(line)}
                  />
                </div>
              ))}
            </Stack>
          ) : (
            <Paper withBorder p="lg">
              <Text ta="center" c="dimmed">
                Your cart is empty.{' '}
                <Anchor component={Link} to="/customerHome" underline="always">
                  Continue shopping
                </Anchor>
              </Text>
            </Paper>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" component="section" aria-label="Cart total">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text>Items</Text>
                <Text fw={600}>{items}</Text>
              </Group>
              <Group justify="space-between">
                <Text>Subtotal</Text>
                <Text fw={600}>{formatRupees(sumRupees(lines, (l) => l.purchasedPrice))}</Text>
              </Group>
              <Group justify="space-between">
                <Text>You Save</Text>
                {/* Green 8 and 9 are below 4.5:1 on white: the saving takes the deep teal. */}
                <Text fw={600} c="brand.9">
                  {formatRupees(sumRupees(lines, (l) => l.saved))}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {lines.length} of {MAX_CART_LINES} lines. Delivery charge is added at checkout.
              </Text>
              <Button mt="xs" fullWidth onClick={() => navigate('/payment')} disabled={lines.length === 0}>
                Checkout
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>

      <Divider />
      <Title order={2} fz={{ base: 20, sm: 22 }}>
        Your Saved Items
      </Title>
      <SearchBox
        label="Search saved items by product name"
        {...searchProps}
      />
      <SearchCapNote search={search} total={savedCount.data} records="saved items" />
      {saved.isPending ? (
        <Center py="lg">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      ) : savedLines.length > 0 ? (
        <Stack gap="sm" role="list" aria-label="Saved items">
          {savedLines.map((line) => (
            <div role="listitem" key={line.customerCartId}>
              <SavedItemCard line={line} busy={busyId === line.customerCartId} onMoveToCart={() => toCart(line)} onDelete={() => drop(line)} />
            </div>
          ))}
        </Stack>
      ) : (
        <Text c="dimmed" ta="center" py="md">
          {search ? `No saved item starting with '${search}'.` : 'Nothing saved for later.'}
        </Text>
      )}
      {savedTotal > 0 && <ListPager label="Saved items" page={page} total={savedTotal} onChange={setPage} />}
      <MessageModal opened={modal !== undefined} message={modal ?? ''} onClose={() => setModal(undefined)} />
    </Page>
  );
}
