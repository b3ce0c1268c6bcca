import { AspectRatio } from '@chakra-ui/react';
import type { LessonPageQuery } from '../../gql/graphql';
import { ClientPracticePlayer, lessonVideoSource, useLessonPractice } from '../practice-player';

type Lesson = NonNullable<LessonPageQuery['lesson']>;

/**
 * The lesson's video: the practice player for a file or HLS playlist (with the instructor's step
 * markers, and for an enrolled learner their saved position and settings, saved as they practise),
 * YouTube's embed for a YouTube link, nothing without a video.
 */
export function LessonVideo({ lesson }: { lesson: Lesson }) {
  const video = lessonVideoSource(lesson);
  const practice = lesson.myPractice;
  const { save, leave } = useLessonPractice(
    lesson.id,
    Boolean(practice),
    video?.kind === 'player' ? video.videoId : null,
  );
  if (!video) return null;
  if (video.kind === 'embed') {
    return (
      <AspectRatio ratio={16 / 9} borderRadius="l3" overflow="hidden" bg="black">
        <iframe
          src={video.url}
          title={`Video: ${lesson.title}`}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          style={{ border: 0 }}
        />
      </AspectRatio>
    );
  }
  return (
    <ClientPracticePlayer
      key={`${lesson.id}-${video.src}`}
      src={video.src}
      poster={video.poster}
      captions={video.captions}
      thumbnails={video.thumbnails}
      title={`Video: ${lesson.title}`}
      markers={lesson.stepMarkers}
      initialState={practice ?? undefined}
      onSave={save}
      onLeave={leave}
    />
  );
}
