import { Anchor, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ShelfProduct } from '../../../../../shared/schemas/inventory.js';
import { BuyControls } from './buy-controls.js';
import { PriceLine } from './price-line.js';
import { ProductImage } from './product-image.js';
import { WishToggle } from './wish-toggle.js';

/** The path of a product's details screen; a product never received has no artcode and no details screen. */
export const productDetailsPath = (artcode: string) => (artcode ? `/productDetails/${encodeURIComponent(artcode)}` : undefined);

interface ProductCardProps {
  product: ShelfProduct;
  onMessage: (message: string) => void;
}

/**
 * A product of the listing (spec 1 section 2): image, name linking to its details, Size, Color, Price and the MRP
 * struck through, the quantity and 'Add to Cart' (or 'In cart(n)'), the wishlist toggle and the red stock message.
 */
export function ProductCard({ product, onMessage }: ProductCardProps) {
  const details = productDetailsPath(product.artcode);
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={product.productName}>
      <Card.Section inheritPadding pt="sm">
        <ProductImage url={product.imageUrl} alt={product.productName} maxSize={200} />
      </Card.Section>
      <Stack gap={6} mt="sm" flex={1}>
        {details ? (
          <Anchor component={Link} to={details} fw={600} lineClamp={2}>
            {product.productName}
          </Anchor>
        ) : (
          <Text fw={600} lineClamp={2}>
            {product.productName}
          </Text>
        )}
        <Group gap="md">
          <Text size="sm">
            <Text span c="dimmed">
              Size:
            </Text>{' '}
            {product.size || '—'}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Color:
            </Text>{' '}
            {product.colour || '—'}
          </Text>
        </Group>
        <PriceLine price={product.sellingPrice} mrp={product.mrp} />
      </Stack>
      <Divider my="sm" />
      <Stack gap="xs">
        <BuyControls product={product} onMessage={onMessage} />
        <WishToggle product={product} onMessage={onMessage} />
      </Stack>
    </Card>
  );
}
