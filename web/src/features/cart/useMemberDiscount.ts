import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { CartMemberDiscountDocument } from './cartDocuments';

export interface MemberDiscount {
  percent: number;
  cents: number;
}

/**
 * What my membership takes off my cart's resource lines, asked again whenever the cart's subtotal
 * changes (cart mutations answer the lines, not the discount). Null for guests and non-members.
 */
export function useMemberDiscount(signedIn: boolean, subtotalCents: number): MemberDiscount | null {
  const query = useQuery(CartMemberDiscountDocument, { skip: !signedIn, fetchPolicy: 'cache-and-network' });
  const { refetch } = query;
  const known = query.data?.cart.subtotalCents;
  useEffect(() => {
    if (signedIn && known !== undefined && known !== subtotalCents) void refetch().catch(() => undefined);
  }, [signedIn, known, subtotalCents, refetch]);
  const cart = query.data?.cart;
  // Shown only for the cart it was computed for (a stale one waits for the refetch).
  if (!signedIn || !cart || cart.subtotalCents !== subtotalCents || cart.memberDiscountCents <= 0)
    return null;
  return { percent: cart.memberDiscountPercent, cents: cart.memberDiscountCents };
}
