import { Box, chakra, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { ShopImage } from './ShopImage';

interface GalleryImage {
  url: string;
  altText?: string | null;
}

/**
 * A product's images: a large one and a row of thumbnails to switch it. The chosen variant's own
 * image is shown first (choosing another variant shows its image again).
 */
export function ProductGallery({
  title,
  images,
  variantImageUrl,
}: {
  title: string;
  images: readonly GalleryImage[];
  variantImageUrl: string | null | undefined;
}) {
  const [picked, setPicked] = useState<{ forVariantImage: string | null; url: string } | null>(null);
  const variantImage = variantImageUrl ?? null;
  const current =
    (picked && picked.forVariantImage === variantImage ? picked.url : null) ??
    variantImage ??
    images[0]?.url ??
    null;
  const currentImage = images.find((image) => image.url === current);
  const position = images.findIndex((image) => image.url === current);

  return (
    <Stack gap={3}>
      <Box borderRadius="l3" overflow="hidden" borderWidth="1px">
        <ShopImage
          src={current}
          alt={
            currentImage?.altText ||
            (images.length > 1 && position >= 0
              ? `${title}, image ${position + 1} of ${images.length}`
              : title)
          }
          aspectRatio={1}
        />
      </Box>
      {images.length > 1 ? (
        <SimpleGrid columns={{ base: 4, sm: 5 }} gap={2} role="group" aria-label="Product images">
          {images.map((image, index) => {
            const selected = image.url === current;
            return (
              <chakra.button
                key={image.url}
                type="button"
                aria-label={`Show image ${index + 1} of ${images.length}${image.altText ? `: ${image.altText}` : ''}`}
                aria-pressed={selected}
                onClick={() => setPicked({ forVariantImage: variantImage, url: image.url })}
                borderRadius="md"
                overflow="hidden"
                borderWidth={selected ? '2px' : '1px'}
                borderColor={selected ? 'brand.solid' : 'border'}
                cursor="pointer"
                p={0}
                _focusVisible={{
                  outline: '2px solid',
                  outlineColor: 'brand.focusRing',
                  outlineOffset: '2px',
                }}
              >
                <ShopImage src={image.url} alt="" aspectRatio={1} />
              </chakra.button>
            );
          })}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
