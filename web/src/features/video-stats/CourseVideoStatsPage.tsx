import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Card,
  DataList,
  EmptyState,
  Heading,
  HStack,
  Link,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ChartNoAxesColumn } from 'lucide-react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { CourseVideoStatsQuery } from '../../gql/graphql';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { InstructorOnly } from '../instructor';
import { bucketTimeLabel, peakBucket, percent } from './heatmap';
import { HeatmapStrip } from './HeatmapStrip';
import { CourseVideoStatsDocument } from './videoStatsDocuments';

type VideoStats = NonNullable<CourseVideoStatsQuery['courseVideoStats']>[number];

/** /instructor/courses/:id/video-stats: how learners watch each lesson video of the course. */
export default function CourseVideoStatsPage() {
  return (
    <InstructorOnly>
      <VideoStats />
    </InstructorOnly>
  );
}

function VideoStats() {
  const { id = '' } = useParams();
  const { data, loading, error } = useQuery(CourseVideoStatsDocument, {
    variables: { courseId: id },
    fetchPolicy: 'cache-and-network',
  });
  const course = data?.instructorCourse;
  useDocumentTitle(course ? `Video stats: ${course.title}` : 'Video stats');

  if (loading && !data) return <PageSpinner label="Loading video stats..." />;
  if ((error && !data) || !course || !data?.courseVideoStats) {
    return (
      <Alert.Root status="error" maxW="3xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The video stats could not be loaded</Alert.Title>
          <Alert.Description>
            {error?.message ?? 'The course does not exist, or it is not one of your courses.'}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const videos = data.courseVideoStats;
  return (
    <Stack gap={6} maxW="5xl" mx="auto">
      <Stack gap={2}>
        <Text fontSize="sm" color="fg.muted">
          <Link asChild color="brand.fg">
            <RouterLink to={`/instructor/courses/${course.id}`}>← {course.title}</RouterLink>
          </Link>
        </Text>
        <Heading as="h1" size="2xl">
          Video stats
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          How enrolled learners watch each lesson video: views, average watched (added up over their devices),
          and along the timeline where they watch, where they set A–B loops and where they leave.
        </Text>
      </Stack>
      {videos.length === 0 ? (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Indicator>
              <ChartNoAxesColumn />
            </EmptyState.Indicator>
            <EmptyState.Title>No lesson videos yet</EmptyState.Title>
            <EmptyState.Description>
              Upload a video to a lesson (or link an MP4 or HLS file) and its stats appear here.
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        videos.map((video) => <VideoCard key={video.lessonId} video={video} />)
      )}
    </Stack>
  );
}

function VideoCard({ video }: { video: VideoStats }) {
  const loopPeak = peakBucket(video.buckets.map((b) => b.loops));
  const leavePeak = peakBucket(video.buckets.map((b) => b.leaves));
  const headingId = `video-${video.lessonId}`;
  return (
    <Card.Root variant="outline" as="section" aria-labelledby={headingId} data-testid="video-stats-card">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap={2}>
          <Stack gap={0}>
            <Text fontSize="xs" color="fg.muted">
              {video.moduleTitle}
            </Text>
            <Card.Title as="h2" id={headingId}>
              {video.lessonTitle}
            </Card.Title>
          </Stack>
          {video.durationSeconds > 0 ? (
            <Badge variant="subtle">{bucketTimeLabel(99, video.durationSeconds).split('–').at(-1)}</Badge>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body gap={5}>
        <DataList.Root orientation="horizontal" size="sm" flexDirection="row" flexWrap="wrap" gap={4}>
          <Stat label="Views" value={String(video.viewers)} hint="learners who played it" testId="views" />
          <Stat label="Plays" value={String(video.plays)} testId="plays" />
          <Stat label="Average watched" value={percent(video.averageWatchedShare)} testId="average" />
          <Stat label="Watched 90%+" value={String(video.watchedCount)} testId="watched" />
        </DataList.Root>
        <HeatmapStrip buckets={video.buckets} duration={video.durationSeconds} />
        <Text fontSize="sm" color="fg.muted">
          {loopPeak === null
            ? 'No loops set yet.'
            : `Most looped: ${bucketTimeLabel(loopPeak, video.durationSeconds)}.`}{' '}
          {leavePeak === null
            ? 'Nobody has left part-way yet.'
            : `Most left at: ${bucketTimeLabel(leavePeak, video.durationSeconds)}.`}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function Stat({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId: string;
}) {
  return (
    <DataList.Item flexDirection="column" alignItems="flex-start" gap={0} minW={{ base: '40%', sm: '8rem' }}>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue fontSize="2xl" fontWeight="semibold" data-testid={`stat-${testId}`} title={hint}>
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
