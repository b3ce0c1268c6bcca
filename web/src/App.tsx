import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { RouterProvider } from 'react-router-dom';
import { apolloClient } from './apollo/client';
import { SessionEvents } from './features/auth/useCurrentUser';
import { GuestModeProvider } from './features/cart/GuestModeProvider';
import { ShopBagTransfer } from './features/shop/ShopBagTransfer';
import { router } from './router';
import { styleCache } from './styleCache';
import { system } from './theme';
import { Toaster } from './ui/toaster';

/** The app root: the style cache (CSP nonce), design system, graph client, session listeners, routes and notifications. */
export function App() {
  return (
    <CacheProvider value={styleCache}>
      <ChakraProvider value={system}>
        <ApolloProvider client={apolloClient}>
          <SessionEvents />
          <ShopBagTransfer />
          <GuestModeProvider>
            <RouterProvider router={router} />
          </GuestModeProvider>
          <Toaster />
        </ApolloProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
