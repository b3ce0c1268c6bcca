import { Field, ID, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';

@ObjectType('LessonVideoCaption', {
  description:
    'A WebVTT caption track of a hosted lesson video (one per language), uploaded by the instructor ' +
    '(POST /api/videos/:id/captions) and shown in the player’s captions menu.',
})
export class LessonVideoCaptionView {
  @Field(() => ID, { description: 'The caption track id (a UUID).' })
  id!: string;

  @Field({ description: 'Its language as a BCP 47 tag (`en`, `es`, `pt-BR`): the track’s `srclang`.' })
  srclang!: string;

  @Field({ description: 'What the captions menu shows ("English").' })
  label!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The WebVTT file, a URL signed like `playlistUrl` (checked against the viewer’s access on each ' +
      'request); null unless the viewer may watch the video.',
  })
  url!: string | null;
}

@ObjectType({ description: 'The result of removeLessonVideoCaption.' })
export class LessonVideoCaptionRemovePayload {
  @Field(() => ID, {
    nullable: true,
    description: 'The id of the removed caption track; null when userErrors is not empty.',
  })
  removedCaptionId!: string | null;

  @Field(() => [UserError], {
    description: 'Expected failures (code, field, message); empty when the change was made.',
  })
  userErrors!: UserError[];
}
