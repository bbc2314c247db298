import { AspectRatio, Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

/** A product's picture in a square frame; a plain placeholder when the product has none. */
export function ProductImage({ url, alt }: { url?: string; alt: string }) {
  return (
    <AspectRatio ratio={1}>
      {url ? (
        <Image src={url} alt={alt} fit="contain" radius="sm" loading="lazy" bg="gray.0" />
      ) : (
        <Center bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)' }} aria-hidden>
          <IconPhoto size={40} color="var(--mantine-color-gray-5)" />
        </Center>
      )}
    </AspectRatio>
  );
}
