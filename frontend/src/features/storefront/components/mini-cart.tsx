import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../../../../shared/format.js';
import { MAX_CART_LINES } from '../../../../../shared/schemas/cart.js';
import { cartTotals, useCartLines } from '../api/cart.js';

/**
 * The side panel of the storefront (spec 1 section 2): how many items the cart holds and their subtotal at the
 * shelf's prices, with the way to the cart; the landing adds its carousel below.
 */
export function MiniCart({ children }: { children?: ReactNode }) {
  const { data: lines, isPending } = useCartLines();
  const { items, subtotal, lines: count } = cartTotals(lines);
  return (
    <Paper withBorder radius="md" p="md" component="aside" aria-label="Your cart">
      <Stack gap="sm">
        <Group gap="xs">
          <IconShoppingCart size={20} aria-hidden />
          <Title order={2} fz="lg">
            Your Cart
          </Title>
        </Group>
        <Group justify="space-between">
          <Text c="dimmed">Items</Text>
          <Text fw={600} data-testid="mini-cart-items">
            {isPending ? '…' : items}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text c="dimmed">Subtotal</Text>
          <Text fw={700} data-testid="mini-cart-subtotal">
            {isPending ? '…' : formatRupees(subtotal)}
          </Text>
        </Group>
        {count >= MAX_CART_LINES && (
          <Text size="sm" c="red.7">
            Your Cart is full, please place the order.
          </Text>
        )}
        {/* An empty cart offers a disabled button, not a link that looks disabled but is still a link to assistive technology. */}
        {!isPending && items === 0 ? (
          <Button variant="light" disabled>
            Go to Cart
          </Button>
        ) : (
          <Button component={Link} to="/cart" variant="light">
            Go to Cart
          </Button>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
