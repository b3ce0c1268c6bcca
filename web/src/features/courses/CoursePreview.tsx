import { useQuery } from '@apollo/client/react';
import { AspectRatio, Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { graphql } from '../../gql';
import { ClientPracticePlayer } from '../practice-player';

/**
 * The signed playlist of the course's lessons' videos, asked in the browser when the visitor opens
 * the preview (from the network): the URLs expire in minutes, so they are never in the server's
 * render or the shared page cache (the page itself knows only which lesson is a free preview).
 */
const CoursePreviewDocument = graphql(`
  query CoursePreview($id: ID!) {
    course(id: $id) {
      id
      modules {
        id
        lessons {
          id
          hostedVideo {
            id
            freePreview
            playlistUrl
            posterUrl
          }
        }
      }
    }
  }
`);

/** The first lesson whose hosted video is a free preview, or null. */
export function previewLesson(
  modules: readonly {
    lessons: readonly { id: string; title: string; hostedVideo?: { freePreview: boolean } | null }[];
  }[],
): { id: string; title: string } | null {
  for (const m of modules) {
    for (const l of m.lessons) if (l.hostedVideo?.freePreview) return { id: l.id, title: l.title };
  }
  return null;
}

/** The playable source of a lesson in the preview query's answer, or null. */
export function previewSource(
  modules: readonly {
    lessons: readonly {
      id: string;
      hostedVideo?: { playlistUrl?: string | null; posterUrl?: string | null } | null;
    }[];
  }[],
  lessonId: string,
): { src: string; poster: string | null } | null {
  for (const m of modules) {
    for (const l of m.lessons) {
      if (l.id === lessonId && l.hostedVideo?.playlistUrl) {
        return { src: l.hostedVideo.playlistUrl, poster: l.hostedVideo.posterUrl ?? null };
      }
    }
  }
  return null;
}

/**
 * "Free preview" on the course page (guests too): rendered by the server with its button; the
 * button asks for the signed playlist and opens the practice player on the free preview lesson.
 */
export function CoursePreview({
  courseId,
  lesson,
}: {
  courseId: string;
  lesson: { id: string; title: string } | null;
}) {
  const [open, setOpen] = useState(false);
  const { data, loading, error } = useQuery(CoursePreviewDocument, {
    variables: { id: courseId },
    skip: !open || !lesson,
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-first',
  });
  if (!lesson) return null;
  const source = data?.course ? previewSource(data.course.modules, lesson.id) : null;
  return (
    <Stack as="section" aria-labelledby="preview-heading" gap={3} data-testid="course-preview">
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Stack gap={0}>
          <Heading as="h2" id="preview-heading" size="xl">
            Free preview
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {lesson.title} — watch it before you enrol.
          </Text>
        </Stack>
        {!open ? (
          <Button onClick={() => setOpen(true)} colorPalette="brand">
            <PlayCircle aria-hidden /> Watch the preview
          </Button>
        ) : null}
      </HStack>
      {open && source ? (
        <ClientPracticePlayer src={source.src} poster={source.poster} title={`Preview: ${lesson.title}`} />
      ) : open && (loading || !data) && !error ? (
        <AspectRatio ratio={16 / 9} borderRadius="md" overflow="hidden" bg="black">
          <Box display="flex" alignItems="center" justifyContent="center">
            <Spinner color="white" aria-label="Loading the preview" />
          </Box>
        </AspectRatio>
      ) : open ? (
        <Text color="fg.error" fontSize="sm">
          The preview cannot be played right now. Reload the page to try again.
        </Text>
      ) : null}
    </Stack>
  );
}
