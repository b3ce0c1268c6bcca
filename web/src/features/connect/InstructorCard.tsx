import { Badge, Card, HStack, LinkBox, LinkOverlay, Stack, Text, Wrap } from '@chakra-ui/react';
import { CalendarClock, MapPin, Video } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { InstructorCard_InstructorFragment } from '../../gql/graphql';
import { Avatar } from '../../ui/Avatar';
import { RatingStars } from '../resources';
import { formatDistance, formatPriceFrom } from './connectFilters';
import { instructorPath, teachingPlace } from './connectFormat';
import { formatNextSlot } from '../../lib/slotTime';

/** An instructor on /connect: photo, name, headline, styles, rating, price from, next free slot. */
export function InstructorCard({
  instructor,
  timeZone,
}: {
  instructor: InstructorCard_InstructorFragment;
  timeZone: string;
}) {
  const price = formatPriceFrom(instructor.priceFromCents);
  const distance = formatDistance(instructor.distanceMiles);
  return (
    <LinkBox asChild>
      <Card.Root
        as="article"
        variant="outline"
        height="full"
        transition="box-shadow 0.15s, transform 0.15s"
        _hover={{ shadow: 'md', transform: 'translateY(-2px)' }}
        data-testid="instructor-card"
      >
        <Card.Body gap={3} p={4}>
          <HStack gap={3} align="flex-start">
            <Avatar src={instructor.avatarUrl} name={instructor.displayName} size="lg" />
            <Stack gap={1} minW={0}>
              <Card.Title as="h3" fontSize="lg" lineHeight="short">
                <LinkOverlay asChild>
                  <RouterLink to={instructorPath(instructor.id)}>{instructor.displayName}</RouterLink>
                </LinkOverlay>
              </Card.Title>
              {instructor.headline ? (
                <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                  {instructor.headline}
                </Text>
              ) : null}
            </Stack>
          </HStack>
          <Wrap gap={1.5}>
            {instructor.featured ? (
              <Badge variant="solid" bg="orange.700" color="white">
                Featured
              </Badge>
            ) : null}
            {instructor.styles.slice(0, 4).map((style) => (
              <Badge key={style} colorPalette="brand" variant="subtle">
                {style}
              </Badge>
            ))}
          </Wrap>
          <HStack gap={1.5} fontSize="sm" color="fg.muted">
            {instructor.teachesOnline && !instructor.teachesInPerson ? (
              <Video size={14} aria-hidden />
            ) : (
              <MapPin size={14} aria-hidden />
            )}
            <Text>{teachingPlace(instructor)}</Text>
            {distance ? (
              <Text as="span" fontWeight="medium" color="fg" data-testid="instructor-distance">
                · {distance}
              </Text>
            ) : null}
          </HStack>
          <HStack gap={1.5} fontSize="sm">
            <CalendarClock size={14} aria-hidden />
            <Text data-testid="next-slot">
              {instructor.nextSlotAt
                ? `Next free: ${formatNextSlot(String(instructor.nextSlotAt), timeZone)}`
                : 'No free time in the next 2 weeks'}
            </Text>
          </HStack>
          <HStack justify="space-between" mt="auto" pt={1}>
            <RatingStars value={instructor.rating ?? 0} count={instructor.reviewCount} />
            {price ? (
              <Text fontWeight="bold" data-testid="instructor-price">
                {price}
              </Text>
            ) : null}
          </HStack>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
