import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { checkoutForOrder, forgetCheckout } from './checkoutSession';

/**
 * After an order is paid (or given up): the stored idempotency key is dropped so the next
 * checkout makes a new order, and the cached cart and order lists are re-read from the server
 * (the server emptied the cart when it fulfilled the order).
 */
export function useAfterPayment() {
  const client = useApolloClient();
  return useCallback(
    (orderId: string) => {
      if (checkoutForOrder(orderId)) forgetCheckout();
      client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'cart' });
      client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'checkoutQuote' });
      client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'myOrders' });
      client.cache.gc();
    },
    [client],
  );
}
