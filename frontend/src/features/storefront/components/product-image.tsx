import { AspectRatio, Box, Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

interface ProductImageProps {
  url?: string;
  alt: string;
  /** The widest the square may grow (px), so a card a phone's full width wide keeps a modest picture. */
  maxSize?: number;
}

/** A product's picture in a square frame; a plain placeholder when the product has none. */
export function ProductImage({ url, alt, maxSize }: ProductImageProps) {
  return (
    <Box maw={maxSize} w="100%" mx="auto">
      <AspectRatio ratio={1}>
        {url ? (
          <Image src={url} alt={alt} fit="contain" radius="sm" loading="lazy" bg="gray.0" />
        ) : (
          <Center bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)' }} aria-hidden>
            <IconPhoto size={40} color="var(--mantine-color-gray-5)" />
          </Center>
        )}
      </AspectRatio>
    </Box>
  );
}
