import { AspectRatio, Box, Spinner } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { PracticePlayerProps } from './types';

const PracticePlayer = lazy(() => import('./PracticePlayer'));

function Placeholder() {
  return (
    <AspectRatio ratio={16 / 9} borderRadius="md" overflow="hidden" bg="black">
      <Box display="flex" alignItems="center" justifyContent="center">
        <Spinner color="white" aria-label="Loading the video player" />
      </Box>
    </AspectRatio>
  );
}

/**
 * The practice player, in the browser only: the server's render (and the first render in the
 * browser, which must match it) shows a black 16:9 box; the player's code (media-chrome, custom
 * elements) is its own chunk, loaded after.
 */
export function ClientPracticePlayer(props: PracticePlayerProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return <Placeholder />;
  return (
    <Suspense fallback={<Placeholder />}>
      <PracticePlayer {...props} />
    </Suspense>
  );
}
