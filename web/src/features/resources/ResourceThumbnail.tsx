import { Box, Center, Icon, Image, Stack, Text } from '@chakra-ui/react';
import {
  FileAudio,
  FileImage,
  FileQuestion,
  FileSpreadsheet,
  FileText,
  FileType,
  FileVideo,
} from 'lucide-react';
import { useState } from 'react';
import { resourceTypeLabel } from './resourceFormat';

/** A styled fallback per resource type: gradient and icon. */
const FALLBACKS: Record<string, { from: string; to: string; icon: typeof FileText }> = {
  document: { from: 'brand.700', to: 'brand.400', icon: FileText },
  audio: { from: 'purple.700', to: 'pink.400', icon: FileAudio },
  video: { from: 'red.700', to: 'orange.400', icon: FileVideo },
  image: { from: 'teal.700', to: 'cyan.400', icon: FileImage },
  text: { from: 'blue.700', to: 'purple.400', icon: FileType },
  spreadsheet: { from: 'green.700', to: 'teal.400', icon: FileSpreadsheet },
  other: { from: 'gray.700', to: 'gray.400', icon: FileQuestion },
};

/** A resource's thumbnail, or a gradient with its type's icon when it has none (or it fails). */
export function ResourceThumbnail({
  type,
  thumbnailUrl,
  ratio = 16 / 9,
  rounded,
  priority = false,
}: {
  type: string;
  thumbnailUrl?: string | null;
  ratio?: number;
  rounded?: string;
  /** The page's main image (loaded at once, first); else loaded lazily as it nears the screen. */
  priority?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(thumbnailUrl) && failed !== thumbnailUrl;
  const fallback = FALLBACKS[type] ?? FALLBACKS.other;
  return (
    <Box
      position="relative"
      width="full"
      aspectRatio={ratio}
      overflow="hidden"
      borderRadius={rounded}
      bgGradient="to-br"
      gradientFrom={fallback.from}
      gradientTo={fallback.to}
      data-thumbnail={showImage ? 'image' : `fallback-${type}`}
    >
      {showImage ? (
        <Image
          src={thumbnailUrl!}
          alt=""
          // The size uploads are stored at (api/src/storage/image-resize.ts): the intrinsic ratio.
          htmlWidth={960}
          htmlHeight={540}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          position="absolute"
          inset={0}
          width="full"
          height="full"
          objectFit="cover"
          onError={() => setFailed(thumbnailUrl ?? null)}
        />
      ) : (
        <Center position="absolute" inset={0} color="white">
          <Stack align="center" gap={1}>
            <Icon boxSize={10} opacity={0.9}>
              <fallback.icon aria-hidden />
            </Icon>
            {/* On a dark chip: white on the gradients alone falls below 3:1 (green to teal). */}
            <Text
              fontSize="sm"
              fontWeight="semibold"
              textTransform="uppercase"
              letterSpacing="wider"
              bg="blackAlpha.600"
              px={2}
              py={0.5}
              borderRadius="sm"
            >
              {resourceTypeLabel(type)}
            </Text>
          </Stack>
        </Center>
      )}
    </Box>
  );
}
