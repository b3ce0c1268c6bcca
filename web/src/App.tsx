import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { SessionEvents } from './features/auth';
import { GuestModeProvider } from './features/cart';
import { ShopBagTransfer } from './features/shop';
import { system } from './theme';
import { Toaster } from './ui/toaster';

/**
 * The app around its router: the style cache (CSP nonce), design system, graph client, session
 * listeners and notifications. The browser (main.tsx) and the server render (entry-server.tsx)
 * give it their own graph client, style cache and router, and must render the same tree.
 */
export function App({
  client,
  styleCache,
  children,
}: {
  client: ApolloClient;
  styleCache: EmotionCache;
  children: ReactNode;
}) {
  return (
    <CacheProvider value={styleCache}>
      <ChakraProvider value={system}>
        <ApolloProvider client={client}>
          <SessionEvents />
          <ShopBagTransfer />
          <GuestModeProvider>{children}</GuestModeProvider>
          <Toaster />
        </ApolloProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
