import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useAddWish, useRemoveWish, useWishLines, wishOf, type WishProduct } from '../api/wish.js';

interface WishToggleProps {
  product: WishProduct & { productName: string };
  onMessage: (message: string) => void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * 'Add to wishlist', or once wished the 'Added to wishlist' link to /wish (spec 1 section 2) with a filled heart
 * that takes the product off the wishlist again.
 */
export function WishToggle({ product, onMessage }: WishToggleProps) {
  const { data: wishes } = useWishLines();
  const addWish = useAddWish();
  const removeWish = useRemoveWish();
  const wish = wishOf(wishes, product.productId);

  if (!wish) {
    return (
      <Button
        size="compact-sm"
        variant="subtle"
        color="pink.7"
        leftSection={<IconHeart size={16} aria-hidden />}
        loading={addWish.isPending}
        onClick={() =>
          addWish.mutate(
            { productId: product.productId, stockId: product.stockId, inventoryId: product.inventoryId },
            { onError: (error) => onMessage(messageOf(error)) },
          )
        }
      >
        Add to wishlist
      </Button>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Remove from wishlist">
        <ActionIcon
          variant="subtle"
          color="pink.7"
          aria-label={`Remove ${product.productName} from wishlist`}
          loading={removeWish.isPending}
          onClick={() => removeWish.mutate(wish, { onError: (error) => onMessage(messageOf(error)) })}
        >
          <IconHeartFilled size={18} />
        </ActionIcon>
      </Tooltip>
      <Button component={Link} to="/wish" size="compact-sm" variant="subtle" color="pink.7">
        Added to wishlist
      </Button>
    </Group>
  );
}
