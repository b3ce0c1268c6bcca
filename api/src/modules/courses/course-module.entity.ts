import {
  Collection,
  Entity,
  ManyToOne,
  OneToMany,
  OptionalProps,
  PrimaryKey,
  Property,
} from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { Course } from './course.entity';
import { Lesson } from './lesson.entity';
import { Quiz } from './quiz.entity';

/** A module of a course; modules are ordered by `position`. */
@ObjectType('CourseModule', {
  description:
    'A module of a course’s syllabus, as anyone may read it: titles and lengths of its lessons and ' +
    'quizzes, never their content.',
})
@Entity({ tableName: 'course_modules' })
export class CourseModule {
  [OptionalProps]?: 'position' | 'lessons' | 'quizzes';

  @Field(() => ID, { description: 'The module id (a UUID).' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne('Course', { deleteRule: 'cascade' })
  course!: Course;

  @Field({ description: 'Its title, 1–200 characters.' })
  @Property({ type: 'string', length: 200 })
  title!: string;

  @Field(() => Int, {
    description: 'Its place in the course, from 0 (modules are listed in ascending position).',
  })
  @Property({ type: 'integer', default: 0 })
  position: number = 0;

  @OneToMany(() => Lesson, (l) => l.module, { orderBy: { position: 'asc' } })
  lessons = new Collection<Lesson>(this);

  @OneToMany(() => Quiz, (q) => q.module, { orderBy: { position: 'asc' } })
  quizzes = new Collection<Quiz>(this);

  /** The `lessons` field: in order (batched across modules by the dataloader). */
  @Field(() => [Lesson], { name: 'lessons', description: 'Its lessons, in order (titles and lengths only).' })
  lessonList(): Promise<Lesson[]> {
    return this.lessons.loadItems();
  }

  /** The `quizzes` field: in order (batched across modules by the dataloader). */
  @Field(() => [Quiz], {
    name: 'quizzes',
    description: 'Its quizzes, in order; in learning order they come after the module’s lessons.',
  })
  quizList(): Promise<Quiz[]> {
    return this.quizzes.loadItems();
  }
}
