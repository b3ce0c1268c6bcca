import { useQuery } from '@apollo/client/react';
import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { PlayCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { graphql } from '../../gql';
import { ClientPracticePlayer } from '../practice-player/ClientPracticePlayer';

/**
 * The course's free preview lessons' videos, asked in the browser only (after mount, from the
 * network): their signed playlist URLs expire in minutes, so they are never in the server's render
 * or the shared page cache.
 */
const CoursePreviewDocument = graphql(`
  query CoursePreview($id: ID!) {
    course(id: $id) {
      id
      modules {
        id
        lessons {
          id
          title
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

/** The first lesson whose hosted video is a free preview anyone may play, or null. */
export function previewLesson(
  modules: readonly {
    lessons: readonly {
      id: string;
      title: string;
      hostedVideo?: { freePreview: boolean; playlistUrl?: string | null; posterUrl?: string | null } | null;
    }[];
  }[],
): { id: string; title: string; src: string; poster: string | null } | null {
  for (const m of modules) {
    for (const l of m.lessons) {
      const v = l.hostedVideo;
      if (v?.freePreview && v.playlistUrl) {
        return { id: l.id, title: l.title, src: v.playlistUrl, poster: v.posterUrl ?? null };
      }
    }
  }
  return null;
}

/**
 * "Free preview" on the course page (guests too): a button that opens the practice player on the
 * free preview lesson's video. Nothing on the server's render (the section appears once the browser
 * has asked for it).
 */
export function CoursePreview({ courseId }: { courseId: string }) {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setMounted(true), []);
  const { data } = useQuery(CoursePreviewDocument, {
    variables: { id: courseId },
    skip: !mounted,
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-first',
  });
  const preview = data?.course ? previewLesson(data.course.modules) : null;
  if (!preview) return null;
  return (
    <Stack as="section" aria-labelledby="preview-heading" gap={3} data-testid="course-preview">
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Stack gap={0}>
          <Heading as="h2" id="preview-heading" size="xl">
            Free preview
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {preview.title} — watch it before you enrol.
          </Text>
        </Stack>
        {!open ? (
          <Button onClick={() => setOpen(true)} colorPalette="brand">
            <PlayCircle aria-hidden /> Watch the preview
          </Button>
        ) : null}
      </HStack>
      {open ? (
        <ClientPracticePlayer src={preview.src} poster={preview.poster} title={`Preview: ${preview.title}`} />
      ) : null}
    </Stack>
  );
}
