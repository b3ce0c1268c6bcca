import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Container,
  EmptyState,
  Field,
  Grid,
  Heading,
  HStack,
  Link,
  List,
  NativeSelect,
  Progress,
  Stack,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { Download, FileText, Lock, PackageX, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import type { ResourceDetailsQuery } from '../../gql/graphql';
import { Avatar } from '../../ui/Avatar';
import { PageSpinner } from '../../ui/PageSpinner';
import { toaster } from '../../ui/toaster';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { canEnterAdminArea, useCurrentUser } from '../auth';
import { AddToCartButton } from '../cart';
import { MessageButton } from '../messages';
import { RatingStars } from './RatingStars';
import { ResourceThumbnail } from './ResourceThumbnail';
import {
  formatBytes,
  plural,
  resourceDownloadUrl,
  resourcePriceLabel,
  resourceTypeLabel,
} from './resourceFormat';

const ResourceDetailsQueryDocument = graphql(`
  query ResourceDetails($id: ID!) {
    resource(id: $id) {
      id
      title
      description
      type
      priceCents
      thumbnailUrl
      ageGroup
      skillLevel
      status
      rejectionReason
      createdAt
      viewerCanReview
      viewerCanDownload
      danceStyle {
        id
        name
      }
      category {
        id
        name
      }
      files {
        id
        fileName
        sizeBytes
        contentType
      }
      seller {
        id
        displayName
        profileImageUrl
        username
      }
      store {
        id
        storeName
        logoUrl
        bio
      }
      ratingSummary {
        average
        count
        histogram {
          stars
          count
        }
      }
    }
    resourceReviews(resourceId: $id, first: 50) {
      totalCount
      nodes {
        id
        rating
        body
        createdAt
        author {
          id
          username
          displayName
          profileImageUrl
        }
      }
    }
  }
`);

const ReviewUpsertMutationDocument = graphql(`
  mutation ReviewUpsert($input: ReviewUpsertInput!) {
    reviewUpsert(input: $input) {
      review {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

type Resource = NonNullable<ResourceDetailsQuery['resource']>;
type Reviews = ResourceDetailsQuery['resourceReviews'];

/** /curriculum/:resourceId: details, files, seller card, rating summary and reviews. */
export default function ResourceDetailsPage() {
  const { resourceId = '' } = useParams();
  const { data, loading, error } = useQuery(ResourceDetailsQueryDocument, { variables: { id: resourceId } });
  const resource = data?.resource ?? null;
  const { user } = useCurrentUser();
  useDocumentTitle(resource?.title ?? 'Resource');

  if (loading && !data) return <PageSpinner label="Loading resource..." />;
  if (error && !data) {
    return (
      <Container maxW="3xl" py={10}>
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The resource could not be loaded</Alert.Title>
            <Alert.Description>{error.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Container>
    );
  }
  if (!resource) {
    return (
      <Container maxW="3xl" py={16}>
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Indicator>
              <PackageX />
            </EmptyState.Indicator>
            <EmptyState.Title>Resource not found</EmptyState.Title>
            <EmptyState.Description>It may have been removed or is not published yet.</EmptyState.Description>
            <Button asChild variant="outline">
              <RouterLink to="/curriculum">Browse the curriculum store</RouterLink>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </Container>
    );
  }

  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }}>
      <Stack gap={8}>
        <Link asChild fontSize="sm" color="fg.muted">
          <RouterLink to="/curriculum">← Curriculum store</RouterLink>
        </Link>
        {resource.status !== 'published' ? (
          <Alert.Root status={resource.status === 'rejected' ? 'error' : 'info'}>
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {resource.status === 'rejected'
                  ? 'Rejected'
                  : resource.status === 'pending_review'
                    ? 'Resubmitted for review — not visible in the store until staff approve it'
                    : 'Draft — not visible in the store'}
              </Alert.Title>
              {resource.rejectionReason ? (
                <Alert.Description>
                  {resource.status === 'pending_review' ? 'Rejected before: ' : ''}
                  {resource.rejectionReason}
                </Alert.Description>
              ) : null}
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Grid templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap={8} alignItems="start">
          <Stack gap={5}>
            <ResourceThumbnail
              type={resource.type}
              thumbnailUrl={resource.thumbnailUrl}
              rounded="l3"
              priority
            />
            <Wrap gap={2}>
              <Badge colorPalette="purple">{resourceTypeLabel(resource.type)}</Badge>
              {resource.danceStyle ? <Badge colorPalette="brand">{resource.danceStyle.name}</Badge> : null}
              {resource.skillLevel ? <Badge variant="outline">{resource.skillLevel}</Badge> : null}
              {resource.ageGroup ? <Badge variant="outline">{resource.ageGroup}</Badge> : null}
              {resource.category ? <Badge variant="subtle">{resource.category.name}</Badge> : null}
            </Wrap>
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
              {resource.title}
            </Heading>
            <RatingStars value={resource.ratingSummary.average} count={resource.ratingSummary.count} />
            <Text whiteSpace="pre-line">{resource.description}</Text>
          </Stack>
          <Stack gap={5}>
            <Card.Root variant="outline">
              <Card.Body gap={4}>
                <Text fontSize="3xl" fontWeight="bold" data-testid="resource-price">
                  {resourcePriceLabel(resource.priceCents)}
                </Text>
                {user && (user.id === resource.seller.id || canEnterAdminArea(user)) ? (
                  <Button asChild variant="outline">
                    <RouterLink to={`/curriculum/${encodeURIComponent(resource.id)}/edit`}>
                      <Pencil size={16} aria-hidden /> Edit resource
                    </RouterLink>
                  </Button>
                ) : null}
                {resource.viewerCanDownload ? null : (
                  <>
                    <AddToCartButton
                      itemType="resource"
                      itemId={resource.id}
                      title={resource.title}
                      priceCents={resource.priceCents}
                      imageUrl={resource.thumbnailUrl}
                    />
                    <HStack color="fg.muted" fontSize="sm">
                      <Lock size={14} aria-hidden />
                      <Text>Download after purchase</Text>
                    </HStack>
                  </>
                )}
                <Stack gap={2}>
                  <Heading as="h2" size="sm">
                    Files
                  </Heading>
                  <List.Root variant="plain" gap={1.5} aria-label="Files">
                    {resource.files.map((file) => (
                      <List.Item key={file.id} display="flex" gap={2} alignItems="center">
                        <FileText size={16} aria-hidden />
                        <Text flex="1" truncate>
                          {file.fileName}
                        </Text>
                        <Text fontSize="sm" color="fg.muted">
                          {formatBytes(file.sizeBytes)}
                        </Text>
                        {resource.viewerCanDownload ? (
                          <Button asChild size="xs" variant="outline">
                            <a href={resourceDownloadUrl(resource.id, file.id)} download>
                              <Download size={14} aria-hidden /> Download
                            </a>
                          </Button>
                        ) : null}
                      </List.Item>
                    ))}
                  </List.Root>
                </Stack>
              </Card.Body>
            </Card.Root>
            <SellerCard resource={resource} />
          </Stack>
        </Grid>
        <ReviewsSection resource={resource} reviews={data!.resourceReviews} />
      </Stack>
    </Container>
  );
}

function SellerCard({ resource }: { resource: Resource }) {
  const name = resource.store?.storeName ?? resource.seller.displayName;
  return (
    <Card.Root variant="outline" data-testid="seller-card">
      <Card.Body gap={3}>
        <HStack gap={3}>
          <Avatar
            src={resource.store?.logoUrl ?? resource.seller.profileImageUrl}
            username={resource.seller.username}
            name={name}
          />
          <Stack gap={0}>
            <Text fontWeight="semibold">{name}</Text>
            <Text fontSize="sm" color="fg.muted">
              by {resource.seller.displayName}
            </Text>
          </Stack>
        </HStack>
        {resource.store?.bio ? (
          <Text fontSize="sm" lineClamp={3}>
            {resource.store.bio}
          </Text>
        ) : null}
        <Button asChild variant="outline" size="sm">
          <RouterLink to={`/sellers/${encodeURIComponent(resource.seller.id)}`}>Visit the store</RouterLink>
        </Button>
        <MessageButton
          label="Message the seller"
          target={{
            recipientId: resource.seller.id,
            recipientName: resource.seller.displayName,
            context: { kind: 'RESOURCE', id: resource.id },
            subject: resource.title,
          }}
        />
      </Card.Body>
    </Card.Root>
  );
}

function ReviewsSection({ resource, reviews }: { resource: Resource; reviews: Reviews }) {
  const summary = resource.ratingSummary;
  return (
    <Stack as="section" aria-labelledby="reviews-heading" gap={5}>
      <Heading as="h2" size="xl" id="reviews-heading">
        Reviews
      </Heading>
      <Grid templateColumns={{ base: '1fr', md: '1fr 2fr' }} gap={8} alignItems="start">
        <Stack gap={3} data-testid="rating-summary">
          <HStack gap={3}>
            <Text fontSize="4xl" fontWeight="bold">
              {summary.count ? summary.average.toFixed(1) : '–'}
            </Text>
            <Stack gap={0}>
              <RatingStars value={summary.average} />
              <Text fontSize="sm" color="fg.muted">
                {plural(summary.count, 'rating')}
              </Text>
            </Stack>
          </HStack>
          {[...summary.histogram].reverse().map((bucket) => (
            <HStack key={bucket.stars} gap={2} fontSize="sm">
              <Text w="12">{bucket.stars} star</Text>
              <Progress.Root
                flex="1"
                size="sm"
                value={summary.count ? (bucket.count / summary.count) * 100 : 0}
                colorPalette="orange"
                aria-label={`${bucket.stars} stars: ${bucket.count}`}
              >
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text w="6" textAlign="end">
                {bucket.count}
              </Text>
            </HStack>
          ))}
        </Stack>
        <Stack gap={4}>
          {resource.viewerCanReview ? <ReviewForm resourceId={resource.id} /> : null}
          {reviews.nodes.length === 0 ? (
            <Text color="fg.muted">No reviews yet.</Text>
          ) : (
            reviews.nodes.map((review) => (
              <Box key={review.id} borderWidth="1px" borderRadius="l2" p={4} data-testid="review">
                <HStack gap={3} mb={2}>
                  <Avatar
                    src={review.author.profileImageUrl}
                    username={review.author.username}
                    name={review.author.displayName}
                    size="sm"
                  />
                  <Stack gap={0}>
                    <Text fontWeight="semibold">{review.author.displayName}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {new Date(String(review.createdAt)).toLocaleDateString('en-US', {
                        dateStyle: 'medium',
                      })}
                    </Text>
                  </Stack>
                  <Box ms="auto">
                    <RatingStars value={review.rating} />
                  </Box>
                </HStack>
                {review.body ? <Text whiteSpace="pre-line">{review.body}</Text> : null}
              </Box>
            ))
          )}
        </Stack>
      </Grid>
    </Stack>
  );
}

/** For buyers (holders of an entitlement): create or edit their one review. */
function ReviewForm({ resourceId }: { resourceId: string }) {
  const [rating, setRating] = useState('5');
  const [body, setBody] = useState('');
  const [upsert, { loading }] = useMutation(ReviewUpsertMutationDocument, {
    refetchQueries: ['ResourceDetails'],
    awaitRefetchQueries: true,
  });
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    try {
      const result = await upsert({ variables: { input: { resourceId, rating: Number(rating), body } } });
      const errors = result.data?.reviewUpsert.userErrors ?? [];
      if (errors.length) {
        toaster.create({ title: errors[0].message, type: 'error' });
        return;
      }
      toaster.create({ title: 'Review saved', type: 'success' });
    } catch (error) {
      toaster.create({
        title: 'The review could not be saved',
        description: error instanceof Error ? error.message : undefined,
        type: 'error',
      });
    }
  }
  return (
    <Box as="form" onSubmit={submit} borderWidth="1px" borderRadius="l2" p={4}>
      <Stack gap={3}>
        <Heading as="h3" size="sm">
          Your review
        </Heading>
        <Field.Root>
          <Field.Label>Rating</Field.Label>
          <NativeSelect.Root size="sm" maxW="40">
            <NativeSelect.Field value={rating} onChange={(e) => setRating(e.target.value)}>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {n} star{n === 1 ? '' : 's'}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Review</Field.Label>
          <Textarea value={body} maxLength={2000} onChange={(e) => setBody(e.target.value)} />
          <Field.HelperText>{body.length}/2000</Field.HelperText>
        </Field.Root>
        <Button type="submit" loading={loading} alignSelf="flex-start">
          Save review
        </Button>
      </Stack>
    </Box>
  );
}
