import { Box } from '@chakra-ui/react';
import { useNavigation } from 'react-router-dom';

/**
 * A thin bar across the top while the router loads the next page's code (route.lazy keeps the
 * current page on screen until the next one is ready): the tap on a link is answered at once,
 * even when the page's chunk takes a second to arrive on a slow phone.
 */
export function NavigationProgress() {
  const loading = useNavigation().state === 'loading';
  if (!loading) return null;
  return (
    <Box
      role="progressbar"
      aria-label="Loading the page"
      data-testid="navigation-progress"
      position="fixed"
      top="0"
      left="0"
      height="3px"
      width="100%"
      zIndex="toast"
      bg="colorPalette.solid"
      transformOrigin="left"
      animation="drx-navigation-progress 1.5s ease-out forwards"
      css={{
        '@keyframes drx-navigation-progress': {
          from: { transform: 'scaleX(0.05)' },
          to: { transform: 'scaleX(0.9)' },
        },
      }}
    />
  );
}
