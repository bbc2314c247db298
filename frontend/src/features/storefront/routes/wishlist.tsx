import { Anchor, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconShoppingCartPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { WishLine } from '../../../../../shared/schemas/wish.js';
import { MessageModal } from '../../../components/message-modal.js';
import { Page } from '../../../components/page.js';
import { SearchBox } from '../../../components/search-box.js';
import { SearchCapNote } from '../../../components/search-cap-note.js';
import { inCartQuantity, useAddToCart, useCartLines } from '../api/cart.js';
import { useRemoveWish, useWishCount, useWishPage } from '../api/wish.js';
import { ListPager } from '../components/list-pager.js';
import { useKeepPageInRange, useListSearch } from '../../../components/list-state.js';
import { PriceLine } from '../components/price-line.js';
import { productDetailsPath } from '../components/product-card.js';
import { ProductImage } from '../components/product-image.js';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface WishCardProps {
  wish: WishLine;
  inCart: number;
  onMessage: (message: string) => void;
}

function WishCard({ wish, inCart, onMessage }: WishCardProps) {
  const addToCart = useAddToCart();
  const removeWish = useRemoveWish();
  const details = productDetailsPath(wish.artcode);
  const canAdd = wish.stock > 0 && inCart === 0;
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={wish.productName}>
      <Card.Section inheritPadding pt="sm">
        <ProductImage url={wish.productImage} alt={wish.productName} maxSize={200} />
      </Card.Section>
      <Stack gap={6} mt="sm" flex={1}>
        {details ? (
          <Anchor component={Link} to={details} fw={600} lineClamp={2}>
            {wish.productName}
          </Anchor>
        ) : (
          <Text fw={600}>{wish.productName}</Text>
        )}
        <Text size="sm" c="dimmed">
          {[wish.size && `Size: ${wish.size}`, wish.colour && `Color: ${wish.colour}`].filter(Boolean).join(' · ')}
        </Text>
        <PriceLine price={wish.price} mrp={wish.mrp} />
        {wish.stockMessage && (
          <Text size="sm" c="red.7" fw={500} role="status">
            {wish.stockMessage}
          </Text>
        )}
      </Stack>
      <Group mt="sm" gap="xs" grow>
        {inCart > 0 ? (
          <Button component={Link} to="/cart" size="sm" variant="light">
            In cart({inCart})
          </Button>
        ) : (
          <Button
            size="sm"
            leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
            disabled={!canAdd}
            loading={addToCart.isPending}
            onClick={() =>
              addToCart.mutate(
                { productId: wish.productId, stockId: wish.stockId, inventoryId: wish.inventoryId, quantity: 1 },
                { onError: (error) => onMessage(messageOf(error)) },
              )
            }
          >
            Add to cart
          </Button>
        )}
        <Button
          size="sm"
          variant="default"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => removeWish.mutate(wish, { onError: (error) => onMessage(messageOf(error)) })}
        >
          Delete
        </Button>
      </Group>
    </Card>
  );
}

/** Wishlist (spec 1 section 2, 'Your Wishlist'): the wished products in name order, five to a page, searchable. */
export default function WishlistScreen() {
  const list = useListSearch();
  const { search, page, setPage, searchProps } = list;
  const [message, setMessage] = useState<string | null>(null);
  const wishes = useWishPage(search, page);
  const count = useWishCount(search);
  const { data: cartLines } = useCartLines();
  const total = count.data ?? 0;
  useKeepPageInRange(list, count.data);

  return (
    <Page title="Your Wishlist" size="xl">
      <SearchBox
        label="Search your wishlist"
        placeholder="Search by product name"
        {...searchProps}
      />
      <SearchCapNote search={search} total={count.data} records="wished products" />
      {wishes.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      ) : wishes.data && wishes.data.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
          {wishes.data.map((wish) => (
            <WishCard key={wish.customerWishId} wish={wish} inCart={inCartQuantity(cartLines, wish.productId)} onMessage={setMessage} />
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed" ta="center" py="xl">
          {search ? `No wished product starts with '${search}'.` : 'Your wishlist is empty. Tap “Add to wishlist” on a product to keep it here.'}
        </Text>
      )}
      <ListPager label="Your Wishlist" page={page} total={total} onChange={setPage} />
      <MessageModal opened={message !== null} message={message ?? ''} onClose={() => setMessage(null)} />
    </Page>
  );
}
