import {
  Alert,
  Box,
  Breadcrumb,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  Icon,
  Progress,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Award, Lock } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { certificatePath, coursePath } from './learningPaths';

/** A course's progress: a bar with the percentage. */
export function CourseProgressBar({
  percent,
  label = 'Course progress',
  size = 'md',
}: {
  percent: number;
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Progress.Root value={percent} size={size} colorPalette="brand" aria-label={label}>
      <HStack justify="space-between" mb="1">
        <Progress.Label fontSize="sm" color="fg.muted" fontWeight="normal">
          {label}
        </Progress.Label>
        <Progress.ValueText fontSize="sm">{percent}%</Progress.ValueText>
      </HStack>
      <Progress.Track borderRadius="full">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

export interface Crumb {
  label: string;
  to?: string;
}

/** Courses › course › module › page. The last crumb is the current page. */
export function LearningBreadcrumb({ items }: { items: Crumb[] }) {
  return (
    <Breadcrumb.Root size="sm">
      <Breadcrumb.List flexWrap="wrap">
        {items.map((item, index) => (
          <Fragment key={`${index}-${item.label}`}>
            {index > 0 && <Breadcrumb.Separator />}
            <Breadcrumb.Item>
              {item.to && index < items.length - 1 ? (
                <Breadcrumb.Link asChild>
                  <RouterLink to={item.to}>{item.label}</RouterLink>
                </Breadcrumb.Link>
              ) : (
                <Breadcrumb.CurrentLink>{item.label}</Breadcrumb.CurrentLink>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}

/** The page a signed-in member sees for lessons and quizzes of a course they are not enrolled in. */
export function NotEnrolledNotice({ courseId }: { courseId: string }) {
  return (
    <Container maxW="2xl" py={{ base: 10, md: 16 }}>
      <Card.Root variant="outline">
        <Card.Body>
          <Stack gap={4} align="flex-start">
            <Icon as={Lock} boxSize={8} color="brand.solid" aria-hidden />
            <Heading as="h1" size="xl">
              You are not enrolled in this course
            </Heading>
            <Text color="fg.muted">
              Lessons and quizzes are open to the learners of a course. Enroll on the course page to start
              learning.
            </Text>
            <HStack gap={3} flexWrap="wrap">
              <Button asChild>
                <RouterLink to={coursePath(courseId)}>Go to the course page</RouterLink>
              </Button>
              <Button asChild variant="outline">
                <RouterLink to="/courses">Browse courses</RouterLink>
              </Button>
            </HStack>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

/** In place of a lesson, module or quiz that does not exist (or failed to load). */
export function LearningNotice({
  title,
  description,
  status = 'info',
  action,
}: {
  title: string;
  description?: string;
  status?: 'info' | 'error';
  action?: ReactNode;
}) {
  return (
    <Container maxW="2xl" py={{ base: 10, md: 16 }}>
      <Stack gap={4} align="flex-start">
        <Alert.Root status={status}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{title}</Alert.Title>
            {description ? <Alert.Description>{description}</Alert.Description> : null}
          </Alert.Content>
        </Alert.Root>
        {action ?? (
          <Button asChild variant="outline">
            <RouterLink to="/my-courses">My Courses</RouterLink>
          </Button>
        )}
      </Stack>
    </Container>
  );
}

/** 'Course complete!' with the way to the certificate the completion issued. */
export function CourseCompleteBanner({ certificateId }: { certificateId?: string | null }) {
  return (
    <Box
      role="status"
      borderWidth="1px"
      borderColor="green.300"
      bg="green.subtle"
      borderRadius="l3"
      p={{ base: 4, md: 5 }}
    >
      <HStack gap={4} align="flex-start" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
        <Icon as={Award} boxSize={9} color="green.fg" aria-hidden />
        <Stack gap={2} flex="1">
          <Heading as="h2" size="lg">
            Course complete!
          </Heading>
          <Text>
            You completed every lesson and passed every quiz.
            {certificateId ? ' Your certificate is ready.' : ''}
          </Text>
          {certificateId ? (
            <Box>
              <Button asChild colorPalette="green" size="sm">
                <RouterLink to={certificatePath(certificateId)}>View your certificate</RouterLink>
              </Button>
            </Box>
          ) : null}
        </Stack>
      </HStack>
    </Box>
  );
}
