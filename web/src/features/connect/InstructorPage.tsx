import { useQuery } from '@apollo/client/react';
import {
  Alert,
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Field,
  Grid,
  Heading,
  HStack,
  Link,
  NativeSelect,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { SignInLink, useCurrentUser } from '../auth';
import type { InstructorProfileQuery } from '../../gql/graphql';
import { Avatar } from '../../ui/Avatar';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { MessageButton } from '../messages';
import { RatingStars } from '../resources';
import { formatMoney, formatPriceFrom } from './connectFilters';
import { InstructorNotFound } from './InstructorNotFound';
import { InstructorProfileQueryDocument } from './connectDocuments';
import { bookingPath, introEmbedUrl, teachingPlace } from './connectFormat';
import { SessionTypeSummary } from './SessionTypeSummary';
import { SlotPicker } from './SlotPicker';
import { dayKey, formatDayKey } from '../../lib/slotTime';
import { TimeZoneSelect } from './TimeZoneSelect';
import { useBookerTimeZone } from './useBookerTimeZone';
import { RenderedTimeZone } from '../../ui/RenderedTimeZone';

type Instructor = NonNullable<InstructorProfileQuery['instructor']>;

/** /instructors/:instructorId: the public profile with session types, reviews, courses and the calendar. */
export default function InstructorPage() {
  const { instructorId = '' } = useParams();
  const { data, loading, error } = useQuery(InstructorProfileQueryDocument, {
    variables: { id: instructorId },
  });
  const instructor = data?.instructor;
  useDocumentTitle(instructor ? instructor.displayName : 'Instructor profile');

  if (loading && !data) return <PageSpinner label="Loading the instructor…" />;
  if (!instructor) return <InstructorNotFound message={error?.message} />;
  return <Profile instructor={instructor} />;
}

function Facts({ label, values }: { label: string; values: readonly string[] }) {
  if (!values.length) return null;
  return (
    <Stack gap={1}>
      <Text as="dt" fontWeight="semibold" fontSize="sm">
        {label}
      </Text>
      <Wrap as="dd" gap={1.5}>
        {values.map((v) => (
          <Badge key={v} variant="subtle" colorPalette="brand">
            {v}
          </Badge>
        ))}
      </Wrap>
    </Stack>
  );
}

function Profile({ instructor }: { instructor: Instructor }) {
  const video = introEmbedUrl(instructor.introVideoUrl);
  const price = formatPriceFrom(instructor.priceFromCents);
  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }}>
      <Stack gap={8}>
        <HStack gap={5} align="flex-start" wrap={{ base: 'wrap', sm: 'nowrap' }}>
          <Avatar src={instructor.avatarUrl} name={instructor.displayName} size="2xl" />
          <Stack gap={2}>
            <Heading as="h1" size="3xl">
              {instructor.displayName}
            </Heading>
            {instructor.headline ? (
              <Text fontSize="lg" color="fg.muted">
                {instructor.headline}
              </Text>
            ) : null}
            <HStack gap={4} wrap="wrap">
              <RatingStars value={instructor.rating ?? 0} count={instructor.reviewCount} />
              <Text>{teachingPlace(instructor)}</Text>
              {price ? <Text fontWeight="bold">{price}</Text> : null}
            </HStack>
            <MessageButton
              alignSelf="flex-start"
              target={{
                recipientId: instructor.id,
                recipientName: instructor.displayName,
                context: { kind: 'INSTRUCTOR', id: instructor.id },
              }}
            />
          </Stack>
        </HStack>

        <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap={8} alignItems="start">
          <Stack gap={8} minW={0}>
            <Stack as="section" aria-labelledby="about-heading" gap={3}>
              <Heading as="h2" size="xl" id="about-heading">
                About
              </Heading>
              {instructor.bio ? (
                <Text whiteSpace="pre-line">{instructor.bio}</Text>
              ) : (
                <Text color="fg.muted">No bio yet.</Text>
              )}
              <Box as="dl" display="grid" gap={3}>
                <Facts label="Dance styles" values={instructor.styles} />
                <Facts label="Levels" values={instructor.levels} />
                <Facts label="Age groups" values={instructor.ageGroups} />
                <Facts label="Languages" values={instructor.languages} />
              </Box>
              <Text fontSize="sm" color="fg.muted">
                Teaches from {instructor.timeZone.replaceAll('_', ' ')}
              </Text>
            </Stack>

            {video ? (
              <Stack as="section" aria-labelledby="video-heading" gap={3}>
                <Heading as="h2" size="xl" id="video-heading">
                  Intro video
                </Heading>
                <AspectRatio ratio={16 / 9} borderRadius="l3" overflow="hidden">
                  <iframe
                    src={video}
                    title={`${instructor.displayName}'s intro video`}
                    allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
                    allowFullScreen
                    loading="lazy"
                  />
                </AspectRatio>
              </Stack>
            ) : null}

            <Stack as="section" aria-labelledby="sessions-heading" gap={3}>
              <Heading as="h2" size="xl" id="sessions-heading">
                Sessions
              </Heading>
              {instructor.sessionTypes.length === 0 ? (
                <Text color="fg.muted">No sessions to book right now.</Text>
              ) : (
                instructor.sessionTypes.map((type) => (
                  <Card.Root key={type.id} variant="outline" data-testid="session-type">
                    <Card.Body gap={3}>
                      <SessionTypeSummary sessionType={type} />
                      <Button asChild alignSelf="flex-start" colorPalette="brand">
                        <RouterLink to={bookingPath(instructor.id, type.id)}>
                          Book {type.title} ({type.priceCents ? formatMoney(type.priceCents) : 'free'})
                        </RouterLink>
                      </Button>
                    </Card.Body>
                  </Card.Root>
                ))
              )}
            </Stack>

            <Reviews instructor={instructor} />

            {instructor.courses.length ? (
              <Stack as="section" aria-labelledby="courses-heading" gap={3}>
                <Heading as="h2" size="xl" id="courses-heading">
                  Courses by {instructor.displayName}
                </Heading>
                <Stack as="ul" gap={2} listStyleType="none">
                  {instructor.courses.map((course) => (
                    <li key={course.id}>
                      <Link asChild colorPalette="brand">
                        <RouterLink to={`/courses/${encodeURIComponent(course.id)}`}>
                          {course.title}
                        </RouterLink>
                      </Link>
                    </li>
                  ))}
                </Stack>
              </Stack>
            ) : null}
          </Stack>

          <BookingCalendar instructor={instructor} />
        </Grid>
      </Stack>
    </Container>
  );
}

function Reviews({ instructor }: { instructor: Instructor }) {
  const reviews = instructor.reviews.nodes;
  return (
    <Stack as="section" aria-labelledby="reviews-heading" gap={3}>
      <Heading as="h2" size="xl" id="reviews-heading">
        Reviews
      </Heading>
      {reviews.length === 0 ? (
        <Text color="fg.muted">No reviews yet.</Text>
      ) : (
        reviews.map((review) => (
          <Card.Root key={review.id} variant="subtle" as="article" data-testid="review">
            <Card.Body gap={2}>
              <HStack justify="space-between" wrap="wrap">
                <Text fontWeight="semibold">{review.authorName}</Text>
                <RatingStars value={review.rating} />
              </HStack>
              {review.comment ? <Text whiteSpace="pre-line">{review.comment}</Text> : null}
              <Text fontSize="xs" color="fg.muted">
                {formatDayKey(dayKey(String(review.createdAt), 'UTC'), { long: true })}
              </Text>
            </Card.Body>
          </Card.Root>
        ))
      )}
    </Stack>
  );
}

/** The calendar on the profile: pick a session type and a free time, then book it. */
function BookingCalendar({ instructor }: { instructor: Instructor }) {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [timeZone, setTimeZone] = useBookerTimeZone();
  const types = instructor.sessionTypes;
  const [typeId, setTypeId] = useState(types[0]?.id ?? '');
  const type = types.find((t) => t.id === typeId) ?? types[0];
  const [weekStart, setWeekStart] = useState(() => dayKey(new Date(), timeZone));
  const [day, setDay] = useState<string | null>(null);

  return (
    <Card.Root
      variant="outline"
      as="section"
      aria-labelledby="calendar-heading"
      position={{ lg: 'sticky' }}
      top={{ lg: 4 }}
    >
      <Card.Header>
        <Card.Title as="h2" id="calendar-heading">
          Book a time
        </Card.Title>
      </Card.Header>
      <Card.Body gap={4}>
        <RenderedTimeZone zone={timeZone} />
        {!type ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>No sessions to book right now.</Alert.Title>
          </Alert.Root>
        ) : (
          <>
            <Field.Root>
              <Field.Label>Session</Field.Label>
              <NativeSelect.Root size="sm" bg="bg">
                <NativeSelect.Field
                  name="sessionType"
                  value={type.id}
                  onChange={(e) => setTypeId(e.target.value)}
                >
                  {types.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.title} — {t.priceCents ? formatMoney(t.priceCents) : 'Free'}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <TimeZoneSelect value={timeZone} onChange={setTimeZone} instructorZone={instructor.timeZone} />
            {user === null ? (
              <Text fontSize="sm" color="fg.muted">
                <Link asChild colorPalette="brand">
                  <SignInLink>Sign in</SignInLink>
                </Link>{' '}
                to book a time.
              </Text>
            ) : null}
            <SlotPicker
              instructorId={instructor.id}
              sessionTypeId={type.id}
              timeZone={timeZone}
              weekStart={weekStart}
              day={day}
              selectedStart={null}
              onWeekChange={(w) => {
                setWeekStart(w);
                setDay(null);
              }}
              onDayChange={setDay}
              group={type.kind.toLowerCase() === 'group'}
              onSelect={(slot) => navigate(bookingPath(instructor.id, type.id, slot.start))}
            />
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
