import type { ApolloCache } from '@apollo/client';
import type { ShopBagDetailsFragment } from '../../gql/graphql';
import { ShopBagQueryDocument } from './shopDocuments';

/** Puts a bag a mutation answered into the cache, so the bag page and the bag link show it at once. */
export function writeShopBag(cache: ApolloCache, bag: ShopBagDetailsFragment | null | undefined): void {
  if (!bag) return;
  cache.writeQuery({ query: ShopBagQueryDocument, data: { shopBag: bag } });
}
