import { ActionIcon, Anchor, Button, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatRupees } from '../../../../../shared/format.js';
import type { CartMasterRow } from '../../../../../shared/schemas/cart.js';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

export function ProductThumb({ src }: { src?: string }) {
  return src ? <Image src={src} alt="" w={72} h={72} fit="contain" radius="sm" bg="var(--mantine-color-gray-0)" /> : null;
}

interface CartLineCardProps {
  line: CartMasterRow;
  busy: boolean;
  /** A message about this line from the last change ('3 in Stock'), shown in red. */
  message?: string;
  onPlus: () => void;
  onMinus: () => void;
  onDelete: () => void;
  onSaveForLater: () => void;
}

/**
 * One cart line (spec 1 section 2): name, quantity with minus and plus (hidden when the shelf is empty), amount
 * saved, price, MRP, tax percent, total, Delete and Save for later; the shelf's stock message in red.
 */
export function CartLineCard({ line, busy, message, onPlus, onMinus, onDelete, onSaveForLater }: CartLineCardProps) {
  const outOfStock = line.quantity <= 0;
  const shown = message ?? line.stockMessage;
  return (
    <Card withBorder padding="md" component="article" aria-label={line.productName}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ProductThumb src={line.productImage} />
        <Stack gap="xs" flex={1} miw={0}>
          <Anchor component={Link} to={`/productDetails/${encodeURIComponent(line.artcode)}`} fw={600}>
            {line.productName}
          </Anchor>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
            <Figure label="Quantity">
              <Group gap={6} wrap="nowrap">
                {!outOfStock && (
                  <ActionIcon variant="default" size="sm" onClick={onMinus} disabled={busy} aria-label={`Decrease quantity of ${line.productName}`}>
                    <IconMinus size={14} />
                  </ActionIcon>
                )}
                <Text span fw={600} aria-label={`Quantity of ${line.productName}`}>
                  {line.cartQuantity}
                </Text>
                {!outOfStock && (
                  <ActionIcon variant="default" size="sm" onClick={onPlus} disabled={busy} aria-label={`Increase quantity of ${line.productName}`}>
                    <IconPlus size={14} />
                  </ActionIcon>
                )}
              </Group>
            </Figure>
            <Figure label="Price">{formatRupees(line.price)}</Figure>
            <Figure label="MRP">
              <Text span td="line-through" c="dimmed" size="sm">
                {formatRupees(line.mrp)}
              </Text>
            </Figure>
            <Figure label="You Save">{formatRupees(line.saved)}</Figure>
            <Figure label="Tax">{line.tax}%</Figure>
            <Figure label="Total">{formatRupees(line.purchasedPrice)}</Figure>
          </SimpleGrid>
          {shown && (
            <Text c="red" size="sm" role="status">
              {shown}
            </Text>
          )}
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={onSaveForLater} disabled={busy}>
              Save for later
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={onDelete} disabled={busy}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

interface SavedItemCardProps {
  line: CartMasterRow;
  busy: boolean;
  onMoveToCart: () => void;
  onDelete: () => void;
}

/** A saved item (spec 1 section 2): price, MRP, the shelf's stock message, Delete and Move to cart. */
export function SavedItemCard({ line, busy, onMoveToCart, onDelete }: SavedItemCardProps) {
  return (
    <Card withBorder padding="md" component="article" aria-label={line.productName}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ProductThumb src={line.productImage} />
        <Stack gap="xs" flex={1} miw={0}>
          <Anchor component={Link} to={`/productDetails/${encodeURIComponent(line.artcode)}`} fw={600}>
            {line.productName}
          </Anchor>
          <Group gap="md">
            <Figure label="Price">{formatRupees(line.price)}</Figure>
            <Figure label="MRP">
              <Text span td="line-through" c="dimmed" size="sm">
                {formatRupees(line.mrp)}
              </Text>
            </Figure>
          </Group>
          {line.stockMessage && (
            <Text c="red" size="sm">
              {line.stockMessage}
            </Text>
          )}
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={onMoveToCart} disabled={busy}>
              Move to cart
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={onDelete} disabled={busy}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
