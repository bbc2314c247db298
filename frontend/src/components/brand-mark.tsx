import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';

export const PRODUCT_NAME = 'ShopDesk';

/** Logo and product name; the shop's own name underneath once it is known. */
export function BrandMark({ shopName, size = 'md' }: { shopName?: string; size?: 'md' | 'lg' }) {
  const large = size === 'lg';
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={large ? 44 : 36} radius="md" variant="filled" aria-hidden>
        <IconBuildingStore size={large ? 26 : 22} stroke={1.8} />
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text fw={750} fz={large ? 22 : 18} lh={1.1} c="brand.8">
          {PRODUCT_NAME}
        </Text>
        {shopName && (
          <Text size="xs" c="dimmed" lh={1.2} truncate="end" maw={{ base: 150, xs: 260, sm: 360 }}>
            {shopName}
          </Text>
        )}
      </div>
    </Group>
  );
}
