import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { CourseModule } from './course-module.entity';

/**
 * A lesson: a video (YouTube links are stored as embed links) and a body. `body` is lesson content:
 * only enrolled learners, the course's instructor and staff may read it (see learning module).
 */
@ObjectType({
  description:
    'A lesson as listed in a course’s syllabus: title and length only. Its video and text are read ' +
    'with the `lesson` query (LessonContent).',
})
@Entity({ tableName: 'lessons' })
export class Lesson {
  [OptionalProps]?: 'position' | 'durationMinutes' | 'body';

  @Field(() => ID, { description: 'The lesson id (a UUID); pass it to the `lesson` query.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne('CourseModule', { deleteRule: 'cascade' })
  module!: CourseModule;

  @Field({ description: 'Its title, 1–200 characters.' })
  @Property({ type: 'string', length: 200 })
  title!: string;

  @Field(() => Int, { description: 'Its place in its module, from 0 (ascending).' })
  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  @Property({ type: 'string', length: 500, nullable: true })
  videoUrl?: string | null;

  /** Markdown-like plain text (paragraphs, **bold**, lists); rendered as text, never as raw HTML. */
  @Property({ type: 'text', default: '' })
  body: string = '';

  @Field(() => Int, { description: 'Its length in whole minutes, 0–1440 (0 when not given).' })
  @Property({ type: 'integer', default: 0 })
  durationMinutes: number = 0;
}
