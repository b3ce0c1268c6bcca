import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { LessonVideoStatus } from './lesson-video.entity';
import { LessonVideoCaptionView } from './video-captions.types';

registerEnumType(LessonVideoStatus, {
  name: 'LessonVideoStatus',
  description: 'Where a hosted lesson video is: uploading, processing, ready to play, or failed.',
  valuesConfig: {
    UPLOADING: { description: 'The upload has started and not finished (it can be resumed).' },
    PROCESSING: { description: 'Uploaded; being checked and converted for streaming.' },
    READY: { description: 'Converted: it can be played.' },
    FAILED: { description: 'Refused or failed; `failureReason` says why (retryLessonVideo tries again).' },
  },
});

@ObjectType('LessonVideo', {
  description:
    'A video uploaded for a lesson and streamed by DRX (HLS), as opposed to a YouTube link (`videoUrl`). ' +
    'Its files are served only through short-lived signed URLs to people entitled to the lesson ' +
    '(access protection, not DRM).',
})
export class LessonVideoView {
  @Field(() => ID, { description: 'The video id (a UUID).' })
  id!: string;

  @Field(() => LessonVideoStatus, { description: 'Where it is: UPLOADING, PROCESSING, READY or FAILED.' })
  status!: LessonVideoStatus;

  @Field(() => String, {
    nullable: true,
    description: 'Why it failed, in a sentence for the instructor; null unless FAILED.',
  })
  failureReason!: string | null;

  @Field(() => Float, { nullable: true, description: 'Its length in seconds; null until READY.' })
  durationSeconds!: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'The source picture’s width in pixels; null until READY.',
  })
  width!: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'The source picture’s height in pixels; null until READY.',
  })
  height!: number | null;

  @Field({ description: 'Whether everyone, guests too, may watch it (a free preview lesson).' })
  freePreview!: boolean;

  @Field(() => String, {
    nullable: true,
    description:
      'The poster frame (JPEG), a signed URL valid for about 10 minutes; null unless READY and the viewer may watch it.',
  })
  posterUrl!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The HLS master playlist, a URL signed for this viewer and valid for about 10 minutes (every playlist ' +
      'and segment request is checked against the viewer’s access again); null unless READY and the viewer ' +
      'may watch it (enrolled learners, the course’s instructor, staff; everyone for a free preview).',
  })
  playlistUrl!: string | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'Which of posterCandidateUrls the instructor chose as the poster (0-based); null: the default frame.',
  })
  posterChoice!: number | null;

  @Field(() => [String], {
    description:
      'The candidate poster frames processing extracted (evenly spaced through the video), signed URLs in ' +
      'time order, for the course’s instructor and staff to choose from (chooseLessonVideoPoster); empty ' +
      'for everyone else and until READY.',
  })
  posterCandidateUrls!: string[];

  @Field(() => String, {
    nullable: true,
    description:
      'The scrubbing thumbnails: a WebVTT file whose cues name tiles of a sprite image ' +
      '(`sprite.jpg?…#xywh=x,y,w,h`), signed like playlistUrl; for a `thumbnails` metadata track. Null ' +
      'unless READY with thumbnails and the viewer may watch it.',
  })
  thumbnailsUrl!: string | null;

  @Field(() => [LessonVideoCaptionView], {
    description:
      'The caption tracks the instructor uploaded, by label (URLs null unless the viewer may watch).',
  })
  captions!: LessonVideoCaptionView[];
}

const USER_ERRORS = 'Expected failures (code, field, message); empty when the change was made.';

@ObjectType({
  description: 'The result of retryLessonVideo, setLessonVideoFreePreview and chooseLessonVideoPoster.',
})
export class LessonVideoPayload {
  @Field(() => LessonVideoView, {
    nullable: true,
    description: 'The video as changed; null when userErrors is not empty.',
  })
  video!: LessonVideoView | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of removeLessonVideo.' })
export class LessonVideoRemovePayload {
  @Field(() => ID, {
    nullable: true,
    description: 'The id of the removed video; null when userErrors is not empty.',
  })
  removedVideoId!: string | null;

  @Field(() => [UserError], { description: USER_ERRORS })
  userErrors!: UserError[];
}
