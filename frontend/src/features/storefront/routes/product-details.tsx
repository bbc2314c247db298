import { Anchor, Badge, Center, Grid, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatRupees } from '../../../../../shared/format.js';
import { MessageModal } from '../../../components/message-modal.js';
import { Page } from '../../../components/page.js';
import { forgetCartAdd, pendingCartAdd } from '../../../lib/pending-cart.js';
import { errorText } from '../../../lib/query-client.js';
import { useAddToCart } from '../api/cart.js';
import { useProductByArtcode } from '../api/catalog.js';
import { BuyControls } from '../components/buy-controls.js';
import { MiniCart } from '../components/mini-cart.js';
import { PriceLine } from '../components/price-line.js';
import { ProductImage } from '../components/product-image.js';
import { WishToggle } from '../components/wish-toggle.js';

/**
 * Product details (spec 1 section 2): image, name, size, colour, MRP, price, the quantity with add to cart or 'In
 * cart(n)', and the wishlist toggle. An artcode shared by several shelf lines (sizes, colours) lets the customer
 * pick one; the fullest comes first.
 */
export default function ProductDetailsScreen() {
  const artcode = useParams().artcode ?? '';
  const lines = useProductByArtcode(artcode);
  const [chosen, setChosen] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const addToCart = useAddToCart();
  const handedOver = useRef(false);
  // "Add to cart" pressed on the public storefront before signing in: add that product once, here.
  useEffect(() => {
    const pending = pendingCartAdd();
    const first = lines.data?.[0];
    if (handedOver.current || !pending || pending.artcode !== artcode || !first) return;
    handedOver.current = true;
    forgetCartAdd();
    addToCart.mutate(
      { productId: first.productId, stockId: first.stockId, inventoryId: first.inventoryId, quantity: 1 },
      {
        onSuccess: () => setMessage(`${first.productName} is in your cart.`),
        onError: (error) => setMessage(errorText(error)),
      },
    );
  }, [artcode, lines.data, addToCart]);

  if (lines.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const options = lines.data ?? [];
  const product = options[Math.min(chosen, options.length - 1)];
  if (!product) {
    return (
      <Page title="Product not found">
        <Text>
          No product on the shelf has the artcode {artcode}.{' '}
          <Anchor component={Link} to="/customerHome">
            Back to the shop
          </Anchor>
        </Text>
      </Page>
    );
  }

  return (
    <Page title={product.productName} description={product.description || undefined} size="xl">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Paper withBorder radius="md" p="md">
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <ProductImage url={product.imageUrl} alt={product.productName} maxSize={420} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 7 }}>
                <Stack gap="sm">
                  <Title order={2} fz="xl">
                    {product.productName}
                  </Title>
                  <Group gap="xs">
                    <Badge variant="light" color="gray">
                      Artcode {product.artcode}
                    </Badge>
                  </Group>
                  {options.length > 1 && (
                    <SegmentedControl
                      aria-label="Choose a variant"
                      value={String(Math.min(chosen, options.length - 1))}
                      onChange={(value) => setChosen(Number(value))}
                      data={options.map((o, i) => ({ value: String(i), label: [o.size, o.colour].filter(Boolean).join(' · ') || `Option ${i + 1}` }))}
                    />
                  )}
                  <Text>
                    <Text span c="dimmed">
                      Size:
                    </Text>{' '}
                    {product.size || '—'}
                  </Text>
                  <Text>
                    <Text span c="dimmed">
                      Colour:
                    </Text>{' '}
                    {product.colour || '—'}
                  </Text>
                  <Text>
                    <Text span c="dimmed">
                      MRP:
                    </Text>{' '}
                    {formatRupees(product.mrp)}
                  </Text>
                  {/* The MRP has its own line above: the price is shown once, without the MRP struck through beside it. */}
                  <PriceLine price={product.sellingPrice} mrp={product.mrp} size="xl" withMrp={false} />
                  <BuyControls key={product.stockId} product={product} onMessage={setMessage} byLine={options.length > 1} />
                  <WishToggle product={product} onMessage={setMessage} />
                </Stack>
              </Grid.Col>
            </Grid>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <MiniCart />
        </Grid.Col>
      </Grid>
      <MessageModal opened={message !== null} message={message ?? ''} onClose={() => setMessage(null)} />
    </Page>
  );
}
