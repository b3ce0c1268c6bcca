import { Skeleton, Stack } from '@chakra-ui/react';

/** A resource card's place while it loads: the thumbnail, title and price lines. */
export function ResourceCardSkeleton() {
  return (
    <Stack gap={3}>
      <Skeleton aspectRatio={16 / 9} borderRadius="l2" />
      <Skeleton height="5" width="80%" />
      <Skeleton height="4" width="50%" />
    </Stack>
  );
}
