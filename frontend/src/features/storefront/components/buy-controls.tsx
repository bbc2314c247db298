import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { addQuantity, capMessage, INVALID_QUANTITY, stockMessage } from '../../../../../shared/schemas/cart.js';
import type { ShelfProduct } from '../../../../../shared/schemas/inventory.js';
import { inCartQuantity, useAddToCart, useCartLines } from '../api/cart.js';

export type ProductOnShelf = Pick<ShelfProduct, 'productId' | 'productName' | 'stockId' | 'inventoryId' | 'quantity'>;

interface BuyControlsProps {
  product: ProductOnShelf;
  /** A message for the customer to acknowledge (the server's refusal, e.g. 'Your Cart is full, please place the order.'). */
  onMessage: (message: string) => void;
  /** Count only this shelf line in the cart (the details screen offers a product's lines as choices). */
  byLine?: boolean;
}

/**
 * The quantity input and 'Add to Cart', or the 'In cart(n)' link once the product is in the cart, with the red
 * stock message (spec 1 sections 2, 4 "Stock display" and 5): nothing to buy at 0 units ('Out of Stock'), 'Only
 * {n} item(s) left.' at 1 or 2, and a quantity capped at what the shelf still has beyond the cart ('{n} in Stock').
 */
export function BuyControls({ product, onMessage, byLine = false }: BuyControlsProps) {
  const { data: lines } = useCartLines();
  const addToCart = useAddToCart();
  const [quantity, setQuantity] = useState<string | number>(1);
  const [capped, setCapped] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);

  const inCart = inCartQuantity(lines, product.productId, byLine ? product.stockId : undefined);
  const remaining = product.quantity - inCart;
  const shelfNote = stockMessage(product.quantity);
  const note = capped ?? shelfNote;
  const canBuy = product.quantity > 0 && inCart === 0;

  const change = (value: string | number) => {
    setInvalid(null);
    const typed = typeof value === 'number' ? value : Number(value);
    if (value !== '' && Number.isFinite(typed) && typed > remaining) {
      setQuantity(Math.max(remaining, 0));
      setCapped(capMessage(remaining));
      return;
    }
    setCapped(null);
    setQuantity(value);
  };

  const add = () => {
    const parsed = addQuantity.safeParse(quantity === '' ? undefined : quantity);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? INVALID_QUANTITY);
      return;
    }
    setInvalid(null);
    addToCart.mutate(
      { productId: product.productId, stockId: product.stockId, inventoryId: product.inventoryId, quantity: parsed.data },
      {
        onSuccess: () => {
          setQuantity(1);
          setCapped(null);
        },
        onError: (error) => onMessage(error instanceof Error ? error.message : String(error)),
      },
    );
  };

  return (
    <Stack gap={6}>
      {canBuy && (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <NumberInput
            aria-label={`Quantity of ${product.productName}`}
            w={88}
            size="sm"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={quantity}
            onChange={change}
            // The field takes digits only: a letter or sign typed is told rather than dropped without a word.
            onKeyDown={(event) => {
              if (event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) setInvalid(INVALID_QUANTITY);
            }}
            error={invalid}
          />
          <Button
            size="sm"
            flex={1}
            leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
            loading={addToCart.isPending}
            onClick={add}
          >
            Add to Cart
          </Button>
        </Group>
      )}
      {inCart > 0 && (
        <Button component={Link} to="/cart" size="sm" variant="light">
          In cart({inCart})
        </Button>
      )}
      {note && (
        <Text size="sm" c="red.7" fw={500} role="status">
          {note}
        </Text>
      )}
    </Stack>
  );
}
