import { Box, Flex } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { GraceBanner } from '../features/membership';
import { NavigationProgress } from '../ui/NavigationProgress';
import { PageSpinner } from '../ui/PageSpinner';
import { SkipLink } from '../ui/SkipLink';
import { Footer } from './Footer';
import { Header } from './Header';

/** The public site's frame: header (with a failed-payment banner for members), the page, footer. */
export function PublicLayout() {
  return (
    <Flex direction="column" minH="100vh">
      <SkipLink />
      <NavigationProgress />
      <Header />
      <GraceBanner />
      {/* At least a screen high, so the footer starts below the fold and the page's content, arriving
          after its data, pushes nothing in view down (no layout shift). */}
      <Box as="main" id="main" tabIndex={-1} flex="1" minH="100dvh" outline="none">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Flex>
  );
}
