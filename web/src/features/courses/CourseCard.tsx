import { Badge, Card, HStack, LinkBox, LinkOverlay, Stack, Text, Wrap } from '@chakra-ui/react';
import { Clock, PlayCircle } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { graphql } from '../../gql';
import type { CourseCard_CourseFragment } from '../../gql/graphql';
import { CourseCover } from './CourseCover';
import { coursePriceLabel, formatMinutes, plural } from './courseFormat';

export const CourseCardFragment = graphql(`
  fragment CourseCard_course on Course {
    id
    slug
    title
    summary
    priceCents
    coverImageUrl
    skillLevel
    ageGroup
    memberOnly
    lessonCount
    totalDurationMinutes
    danceStyle {
      id
      name
    }
    instructor {
      id
      username
      displayName
    }
  }
`);

/** The path of a course page (by slug, which the page accepts as well as the id). */
export function coursePath(course: { id: string; slug?: string | null }): string {
  return `/courses/${encodeURIComponent(course.slug || course.id)}`;
}

/** A course in the catalogue: cover, title, instructor, style and level, price. */
export function CourseCard({ course }: { course: CourseCard_CourseFragment }) {
  const duration = formatMinutes(course.totalDurationMinutes);
  return (
    <LinkBox asChild>
      <Card.Root
        as="article"
        overflow="hidden"
        variant="outline"
        height="full"
        transition="box-shadow 0.15s, transform 0.15s"
        _hover={{ shadow: 'md', transform: 'translateY(-2px)' }}
        data-testid="course-card"
      >
        <CourseCover
          title={course.title}
          coverImageUrl={course.coverImageUrl}
          danceStyleName={course.danceStyle?.name}
        />
        <Card.Body gap={3} p={4}>
          <Wrap gap={1.5}>
            {course.danceStyle ? (
              <Badge colorPalette="brand" variant="subtle">
                {course.danceStyle.name}
              </Badge>
            ) : null}
            {course.skillLevel ? <Badge variant="outline">{course.skillLevel}</Badge> : null}
            {course.memberOnly ? (
              <Badge colorPalette="orange" variant="subtle">
                Members
              </Badge>
            ) : null}
          </Wrap>
          <Stack gap={1}>
            <Card.Title as="h3" fontSize="lg" lineHeight="short">
              <LinkOverlay asChild>
                <RouterLink to={coursePath(course)}>{course.title}</RouterLink>
              </LinkOverlay>
            </Card.Title>
            <Text fontSize="sm" color="fg.muted">
              by {course.instructor.displayName}
            </Text>
          </Stack>
          {course.summary ? (
            <Text fontSize="sm" lineClamp={2}>
              {course.summary}
            </Text>
          ) : null}
        </Card.Body>
        <Card.Footer px={4} pb={4} pt={0} justifyContent="space-between" alignItems="center">
          <HStack gap={3} fontSize="xs" color="fg.muted">
            <HStack gap={1}>
              <PlayCircle size={14} aria-hidden />
              <span>{plural(course.lessonCount, 'lesson')}</span>
            </HStack>
            {duration ? (
              <HStack gap={1}>
                <Clock size={14} aria-hidden />
                <span>{duration}</span>
              </HStack>
            ) : null}
          </HStack>
          <Text
            fontWeight="bold"
            color={course.priceCents > 0 ? 'fg' : 'green.fg'}
            data-testid="course-price"
          >
            {coursePriceLabel(course.priceCents)}
          </Text>
        </Card.Footer>
      </Card.Root>
    </LinkBox>
  );
}
