import { Center, Icon, Image } from '@chakra-ui/react';
import { ShoppingBag } from 'lucide-react';
import { useState } from 'react';

interface ShopImageBox {
  aspectRatio?: number;
  boxSize?: string;
  borderRadius?: string;
}

/**
 * A store product's image, covering its box; a neutral placeholder when there is none or it
 * fails to load. `alt` describes the image ('' for a decorative one beside the title).
 */
export function ShopImage({
  src,
  alt,
  aspectRatio,
  boxSize,
  borderRadius,
}: { src: string | null | undefined; alt: string } & ShopImageBox) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = { aspectRatio, boxSize, borderRadius, w: boxSize ?? 'full', flexShrink: 0 };
  if (!src || failed === src) {
    return (
      <Center
        bg="bg.muted"
        color="fg.subtle"
        {...box}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        data-testid="shop-image-placeholder"
      >
        <Icon boxSize={boxSize ? 5 : 8} aria-hidden>
          <ShoppingBag />
        </Icon>
      </Center>
    );
  }
  return (
    <Image
      src={src}
      alt={alt}
      objectFit="cover"
      bg="bg.muted"
      loading="lazy"
      onError={() => setFailed(src)}
      {...box}
    />
  );
}
