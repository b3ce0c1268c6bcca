import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { LessonVideo } from './lesson-video.entity';

/**
 * A WebVTT caption track of a hosted lesson video, one per language (`srclang`): its file is
 * `captions/<id>.vtt` under the video's prefix in the private storage, served by the playback route.
 */
@Entity({ tableName: 'lesson_video_captions' })
export class LessonVideoCaption {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => LessonVideo, { deleteRule: 'cascade' })
  video!: LessonVideo;

  /** BCP 47 language tag: `en`, `es`, `pt-BR`. */
  @Property({ type: 'string', length: 35 })
  srclang!: string;

  /** What the captions menu shows: "English", "Español". */
  @Property({ type: 'string', length: 80 })
  label!: string;

  @Property({ type: 'integer' })
  sizeBytes!: number;

  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
