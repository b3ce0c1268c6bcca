import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import { RouterProvider } from 'react-router-dom';
import { apolloClient } from './apollo/client';
import { SessionEvents } from './features/auth/useCurrentUser';
import { GuestModeProvider } from './features/cart/GuestModeProvider';
import { router } from './router';
import { system } from './theme';
import { Toaster } from './ui/toaster';

/** The app root: design system, graph client, session listeners, routes and notifications. */
export function App() {
  return (
    <ChakraProvider value={system}>
      <ApolloProvider client={apolloClient}>
        <SessionEvents />
        <GuestModeProvider>
          <RouterProvider router={router} />
        </GuestModeProvider>
        <Toaster />
      </ApolloProvider>
    </ChakraProvider>
  );
}
