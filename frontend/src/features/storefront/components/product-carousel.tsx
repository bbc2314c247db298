import { ActionIcon, Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ShelfProduct } from '../../../../../shared/schemas/inventory.js';
import { PriceLine } from './price-line.js';
import { productDetailsPath } from './product-card.js';
import { ProductImage } from './product-image.js';

/** Spec 1 section 9: the carousel advances every 5000 ms. */
export const CAROUSEL_INTERVAL_MS = 5000;

interface ProductCarouselProps {
  products: ShelfProduct[];
  title: string;
  intervalMs?: number;
}

/**
 * One product at a time, moving on every 5 seconds and round again after the last; previous and next move by
 * hand and start the 5 seconds afresh.
 */
export function ProductCarousel({ products, title, intervalMs = CAROUSEL_INTERVAL_MS }: ProductCarouselProps) {
  const [index, setIndex] = useState(0);
  // Restarting the timer on every move keeps a hand-picked slide up for the full interval.
  const [moves, setMoves] = useState(0);
  const count = products.length;

  useEffect(() => {
    if (count < 2) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs, moves]);

  if (count === 0) return null;
  const shown = products[index % count]!;
  const details = productDetailsPath(shown.artcode);
  const move = (step: number) => {
    setIndex((i) => (i + step + count) % count);
    setMoves((m) => m + 1);
  };

  return (
    <Box component="section" aria-roledescription="carousel" aria-label={title}>
      <Text fw={600} mb="xs">
        {title}
      </Text>
      <Stack gap={6} aria-roledescription="slide" aria-label={`${index % count + 1} of ${count}`} aria-live="polite">
        <ProductImage url={shown.imageUrl} alt={shown.productName} maxSize={260} />
        {details ? (
          <Anchor component={Link} to={details} fw={600} lineClamp={1} data-testid="carousel-product">
            {shown.productName}
          </Anchor>
        ) : (
          <Text fw={600} lineClamp={1} data-testid="carousel-product">
            {shown.productName}
          </Text>
        )}
        <PriceLine price={shown.sellingPrice} mrp={shown.mrp} />
      </Stack>
      {count > 1 && (
        <Group justify="space-between" mt="xs">
          <ActionIcon variant="default" aria-label="Previous product" onClick={() => move(-1)}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Text size="xs" c="dimmed">
            {index % count + 1} / {count}
          </Text>
          <ActionIcon variant="default" aria-label="Next product" onClick={() => move(1)}>
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      )}
    </Box>
  );
}
