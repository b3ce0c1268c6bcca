import { useApolloClient } from '@apollo/client/react';
import { HStack } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { graphql } from '../../gql';
import { MessageButton } from './MessageButton';

const OrderLineSellerQueryDocument = graphql(`
  query OrderLineSeller($id: ID!) {
    resource(id: $id) {
      id
      seller {
        id
        displayName
      }
    }
  }
`);

interface Seller {
  id: string;
  displayName: string;
}

/**
 * "Message {seller}" under an order on /my-purchases: one button per seller of the order's store
 * resources, about the order (context ORDER).
 */
export function OrderMessageSellers({
  order,
}: {
  order: { id: string; number: string; lines: readonly { itemType: string; itemId: string }[] };
}) {
  const client = useApolloClient();
  const resourceIds = useMemo(
    () => [...new Set(order.lines.filter((l) => l.itemType === 'resource').map((l) => l.itemId))],
    [order.lines],
  );
  const key = resourceIds.join(',');
  const [sellers, setSellers] = useState<Seller[]>([]);
  useEffect(() => {
    let current = true;
    const ids = key ? key.split(',') : [];
    void Promise.all(
      ids.map((id) =>
        client
          .query({ query: OrderLineSellerQueryDocument, variables: { id } })
          .then(({ data }) => data?.resource?.seller ?? null)
          .catch(() => null),
      ),
    ).then((found) => {
      if (!current) return;
      const byId = new Map<string, Seller>();
      for (const seller of found) if (seller) byId.set(seller.id, seller);
      setSellers([...byId.values()]);
    });
    return () => {
      current = false;
    };
  }, [client, key]);

  if (sellers.length === 0) return null;
  return (
    <HStack gap={2} wrap="wrap">
      {sellers.map((seller) => (
        <MessageButton
          key={seller.id}
          target={{
            recipientId: seller.id,
            recipientName: seller.displayName,
            context: { kind: 'ORDER', id: order.id },
            subject: `Order ${order.number}`,
          }}
        />
      ))}
    </HStack>
  );
}
