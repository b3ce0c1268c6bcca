import { useQuery } from '@apollo/client/react';
import { Badge, Button, HStack, Icon, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Award, PlayCircle, Sparkles } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { graphql } from '../../gql';
import { formatCents } from '../../lib/currency';
import { canEnterAdminArea, useCurrentUser } from '../auth';
import { AddToCartButton } from '../cart';
import { MembershipStatusQueryDocument } from '../membership';
import { CourseProgressBar } from './LearningBits';
import { stepPath } from './learningPaths';
import { useCourseEnroll } from './useCourseEnroll';

const CourseEnrollmentActionsQueryDocument = graphql(`
  query CourseEnrollmentActions($id: ID!) {
    course(id: $id) {
      id
      title
      coverImageUrl
      priceCents
      memberOnly
      viewerEnrollment {
        ...ViewerEnrollmentFields
      }
      viewerProgress {
        ...CourseProgressFields
      }
    }
  }
`);

/**
 * What a visitor can do with a course on its details page: enroll in a free course, continue an
 * enrolled one, add a paid course to the cart, or see how a member-only course is opened.
 */
export default function CourseEnrollmentActions({ courseId }: { courseId: string }) {
  const { user, loading: sessionLoading } = useCurrentUser();
  const { data, loading, error } = useQuery(CourseEnrollmentActionsQueryDocument, {
    variables: { id: courseId },
    // Progress changes on the lesson pages: show the cached figures, then the server's.
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const { enroll, loading: enrolling } = useCourseEnroll();
  // Members enter member-only courses at no charge while their membership gives access.
  const { data: membership } = useQuery(MembershipStatusQueryDocument, {
    skip: !user || !data?.course?.memberOnly,
    fetchPolicy: 'cache-and-network',
  });
  const member = Boolean(
    membership?.mySubscription?.benefitsActive && membership.mySubscription.plan.memberOnlyCourses,
  );

  const course = data?.course;
  if (!course) {
    if (error) return <Text color="fg.error">Enrollment options could not be loaded: {error.message}</Text>;
    return loading || sessionLoading ? <Skeleton height="20" borderRadius="l2" /> : null;
  }

  const enrollment = course.viewerEnrollment;
  const progress = course.viewerProgress;
  const price = course.priceCents > 0 ? formatCents(course.priceCents) : 'Free';

  if (enrollment) {
    const next = progress?.nextStep;
    const started = (progress?.percent ?? 0) > 0;
    const done = !!(progress?.completed || enrollment.completedAt);
    return (
      <Stack gap={3} data-testid="enrollment-actions">
        <HStack gap={2}>
          <Badge colorPalette={done ? 'green' : 'brand'} variant="subtle">
            {done ? 'Completed' : 'Enrolled'}
          </Badge>
          {progress ? (
            <Text fontSize="sm" color="fg.muted">
              {progress.completedLessons} of {progress.totalLessons} lessons · {progress.passedQuizzes} of{' '}
              {progress.totalQuizzes} quizzes passed
            </Text>
          ) : null}
        </HStack>
        {progress ? <CourseProgressBar percent={progress.percent} /> : null}
        <HStack gap={3} flexWrap="wrap">
          {next ? (
            <Button asChild>
              <RouterLink to={stepPath(course.id, next)}>
                <PlayCircle aria-hidden />
                {done ? 'Review the course' : started ? 'Continue learning' : 'Start learning'}
              </RouterLink>
            </Button>
          ) : null}
          {done ? (
            <Button asChild variant="outline">
              <RouterLink to="/my-certifications">
                <Award aria-hidden />
                My certificates
              </RouterLink>
            </Button>
          ) : null}
        </HStack>
      </Stack>
    );
  }

  if (course.memberOnly) {
    const staff = canEnterAdminArea(user);
    if (member) {
      return (
        <Stack gap={3} data-testid="enrollment-actions">
          <HStack gap={2}>
            <Icon as={Sparkles} color="brand.solid" aria-hidden />
            <Text fontWeight="semibold">Included in your membership</Text>
          </HStack>
          <Button
            alignSelf="flex-start"
            onClick={() => void enroll(course.id)}
            loading={enrolling}
            loadingText="Enrolling…"
          >
            Start with my membership
          </Button>
        </Stack>
      );
    }
    return (
      <Stack gap={3} data-testid="enrollment-actions">
        <HStack gap={2}>
          <Icon as={Sparkles} color="brand.solid" aria-hidden />
          <Text fontWeight="semibold">Included with membership</Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Members study this course at no extra cost.
        </Text>
        <HStack gap={3} flexWrap="wrap">
          <Button asChild variant={staff ? 'outline' : 'solid'}>
            <RouterLink to="/subscription">See membership</RouterLink>
          </Button>
          {staff ? (
            <Button onClick={() => void enroll(course.id)} loading={enrolling} loadingText="Enrolling…">
              Enroll (staff access)
            </Button>
          ) : null}
        </HStack>
      </Stack>
    );
  }

  if (course.priceCents > 0) {
    return (
      <Stack gap={2} data-testid="enrollment-actions">
        <Text fontSize="2xl" fontWeight="bold">
          {price}
        </Text>
        <AddToCartButton
          alignSelf="flex-start"
          itemType="course"
          itemId={course.id}
          title={course.title}
          priceCents={course.priceCents}
          imageUrl={course.coverImageUrl}
        />
      </Stack>
    );
  }

  if (!user) {
    return (
      <Stack gap={2} data-testid="enrollment-actions">
        <Text fontSize="2xl" fontWeight="bold">
          Free
        </Text>
        <Button asChild alignSelf="flex-start">
          <RouterLink to="/auth">Sign in to enroll</RouterLink>
        </Button>
        <Text fontSize="sm" color="fg.muted">
          New here?{' '}
          <Link asChild color="brand.fg">
            <RouterLink to="/register">Create an account</RouterLink>
          </Link>
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap={2} data-testid="enrollment-actions">
      <Text fontSize="2xl" fontWeight="bold">
        Free
      </Text>
      <Button
        alignSelf="flex-start"
        onClick={() => void enroll(course.id)}
        loading={enrolling}
        loadingText="Enrolling…"
      >
        Enroll for free
      </Button>
    </Stack>
  );
}
