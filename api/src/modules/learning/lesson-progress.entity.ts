import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Lesson } from '../courses';
import { User } from '../users';

/** A lesson a learner marked complete; one row per user and lesson. */
@Entity({ tableName: 'lesson_progress' })
@Unique({ properties: ['user', 'lesson'] })
export class LessonProgress {
  [OptionalProps]?: 'completedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Lesson, { deleteRule: 'cascade' })
  lesson!: Lesson;

  @Property({ type: 'Date', defaultRaw: 'now()' })
  completedAt: Date = new Date();
}
