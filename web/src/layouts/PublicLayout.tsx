import { Box, Flex } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { GraceBanner } from '../features/membership/GraceBanner';
import { PageSpinner } from '../ui/PageSpinner';
import { SkipLink } from '../ui/SkipLink';
import { Footer } from './Footer';
import { Header } from './Header';

/** The public site's frame: header (with a failed-payment banner for members), the page, footer. */
export function PublicLayout() {
  return (
    <Flex direction="column" minH="100vh">
      <SkipLink />
      <Header />
      <GraceBanner />
      <Box as="main" id="main" tabIndex={-1} flex="1" outline="none">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Flex>
  );
}
