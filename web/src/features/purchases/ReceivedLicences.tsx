import { useQuery } from '@apollo/client/react';
import { Button, Card, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { useLoadMore } from '../../ui/useLoadMore';
import { MyLicencesDocument } from './licenceDocuments';
import { formatOrderDate } from './orderFormat';

/** /my-purchases: resources colleagues gave me a licence of ("licence from <buyer>"), with downloads. */
export function ReceivedLicences() {
  const query = useQuery(MyLicencesDocument, {
    variables: { first: 20 },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const pager = useLoadMore(query, 'myLicences', { errorTitle: 'More licences could not be loaded' });
  const connection = query.data?.myLicences;
  if (!connection || connection.nodes.length === 0) return null;

  return (
    <Stack as="section" gap={3} aria-labelledby="received-licences" data-testid="received-licences">
      <Heading as="h2" size="lg" id="received-licences">
        Licences from colleagues
      </Heading>
      <Card.Root variant="outline">
        <Card.Body>
          <Stack as="ul" gap={3} listStyleType="none">
            {connection.nodes.map((licence) => (
              <HStack
                as="li"
                key={licence.id}
                gap={3}
                justify="space-between"
                wrap="wrap"
                data-testid="received-licence"
              >
                <Stack gap={0} flex="1" minW="12rem">
                  <Link asChild fontWeight="medium">
                    <RouterLink to={`/curriculum/${encodeURIComponent(licence.resource.id)}`}>
                      {licence.resource.title}
                    </RouterLink>
                  </Link>
                  <Text fontSize="sm" color="fg.muted">
                    Resource · licence from {licence.fromDisplayName}
                    {licence.fromDisplayName !== licence.fromUsername
                      ? ` (${licence.fromUsername})`
                      : ''} · {formatOrderDate(licence.givenAt)}
                  </Text>
                </Stack>
                <Button asChild size="xs" variant="outline">
                  <a href={licence.downloadUrl} download aria-label={`Download ${licence.resource.title}`}>
                    <Download size={14} aria-hidden /> Download
                  </a>
                </Button>
              </HStack>
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
      <LoadMoreButton pager={pager} />
    </Stack>
  );
}
