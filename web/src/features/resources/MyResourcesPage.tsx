import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Card,
  Container,
  EmptyState,
  Heading,
  HStack,
  Link,
  List,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Download, FileText, PackageOpen } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { graphql } from '../../gql';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useLoadMore } from '../../ui/useLoadMore';
import { formatBytes, resourceDownloadUrl, resourceTypeLabel } from './resourceFormat';

const MyResourcesQueryDocument = graphql(`
  query MyResources($first: Int, $after: String) {
    myResources(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        title
        type
        files {
          id
          fileName
          sizeBytes
          contentType
        }
      }
    }
  }
`);

/** /my-resources: the resources I bought or was granted, with their downloads. */
export default function MyResourcesPage() {
  useDocumentTitle('My resources');
  const query = useQuery(MyResourcesQueryDocument, { variables: { first: 20 } });
  const pager = useLoadMore(query, 'myResources', { errorTitle: 'More resources could not be loaded' });

  if (query.loading && !query.data) return <PageSpinner />;
  if (query.error) {
    return (
      <Container maxW="4xl" py={8}>
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>Your resources could not be loaded: {query.error.message}</Alert.Title>
        </Alert.Root>
      </Container>
    );
  }
  const nodes = query.data?.myResources.nodes ?? [];

  return (
    <Container maxW="4xl" py={8}>
      <Stack gap={6}>
        <Heading as="h1" size="2xl">
          My resources
        </Heading>
        {nodes.length === 0 ? (
          <EmptyState.Root>
            <EmptyState.Content>
              <EmptyState.Indicator>
                <PackageOpen />
              </EmptyState.Indicator>
              <EmptyState.Title>No resources yet</EmptyState.Title>
              <EmptyState.Description>
                Resources you buy appear here, ready to download.
              </EmptyState.Description>
              <Button asChild>
                <RouterLink to="/curriculum">Browse the curriculum store</RouterLink>
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack gap={4} data-testid="my-resources">
            {nodes.map((resource) => (
              <Card.Root key={resource.id} variant="outline">
                <Card.Body gap={3}>
                  <HStack justify="space-between" align="baseline">
                    <Link asChild fontWeight="semibold" fontSize="lg">
                      <RouterLink to={`/curriculum/${resource.id}`}>{resource.title}</RouterLink>
                    </Link>
                    <Text fontSize="sm" color="fg.muted">
                      {resourceTypeLabel(resource.type)}
                    </Text>
                  </HStack>
                  <List.Root variant="plain" gap={1.5} aria-label={`Files of ${resource.title}`}>
                    {resource.files.map((file) => (
                      <List.Item key={file.id} display="flex" gap={2} alignItems="center">
                        <FileText size={16} aria-hidden />
                        <Text flex="1" truncate>
                          {file.fileName}
                        </Text>
                        <Text fontSize="sm" color="fg.muted">
                          {formatBytes(file.sizeBytes)}
                        </Text>
                        <Button asChild size="xs" variant="outline">
                          <a href={resourceDownloadUrl(resource.id, file.id)} download>
                            <Download size={14} aria-hidden /> Download
                          </a>
                        </Button>
                      </List.Item>
                    ))}
                  </List.Root>
                </Card.Body>
              </Card.Root>
            ))}
            <LoadMoreButton pager={pager} />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
