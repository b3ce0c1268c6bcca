import { Box, Center, Icon, Image, Stack, Text } from '@chakra-ui/react';
import { GraduationCap } from 'lucide-react';
import { useState } from 'react';

/** Gradient pairs for covers without an image, picked by the dance style (or title). */
const FALLBACKS = [
  ['brand.700', 'brand.400'],
  ['purple.700', 'pink.400'],
  ['teal.700', 'cyan.400'],
  ['orange.600', 'yellow.400'],
  ['blue.700', 'purple.400'],
  ['pink.700', 'orange.300'],
] as const;

function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

export interface CourseCoverProps {
  title: string;
  coverImageUrl?: string | null;
  danceStyleName?: string | null;
  /** Aspect ratio of the cover (default 16/9). */
  ratio?: number;
  height?: string;
  rounded?: string;
  /** The page's main image (loaded at once, first); else loaded lazily as it nears the screen. */
  priority?: boolean;
}

/** A course's cover image, or a styled fallback (gradient with the dance style) when it has none. */
export function CourseCover({
  title,
  coverImageUrl,
  danceStyleName,
  ratio = 16 / 9,
  height,
  rounded,
  priority = false,
}: CourseCoverProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(coverImageUrl) && failed !== coverImageUrl;
  const [from, to] = FALLBACKS[hash(danceStyleName || title) % FALLBACKS.length];
  return (
    <Box
      position="relative"
      width="full"
      aspectRatio={height ? undefined : ratio}
      height={height}
      overflow="hidden"
      borderRadius={rounded}
      bgGradient="to-br"
      gradientFrom={from}
      gradientTo={to}
      data-cover={showImage ? 'image' : 'fallback'}
    >
      {showImage ? (
        <Image
          src={coverImageUrl!}
          alt=""
          htmlWidth={960}
          htmlHeight={540}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          position="absolute"
          inset="0"
          boxSize="full"
          objectFit="cover"
          onError={() => setFailed(coverImageUrl ?? null)}
        />
      ) : (
        <Center position="absolute" inset="0" color="whiteAlpha.900" px={4}>
          <Stack align="center" gap={1} textAlign="center">
            <Icon boxSize={8} aria-hidden>
              <GraduationCap />
            </Icon>
            {/* On a dark chip: white on the gradients alone falls to 2:1 (orange to yellow). */}
            {danceStyleName ? (
              <Text
                fontWeight="semibold"
                letterSpacing="wide"
                textTransform="uppercase"
                fontSize="xs"
                color="white"
                bg="blackAlpha.600"
                px={2}
                py={0.5}
                borderRadius="sm"
              >
                {danceStyleName}
              </Text>
            ) : null}
          </Stack>
        </Center>
      )}
    </Box>
  );
}
