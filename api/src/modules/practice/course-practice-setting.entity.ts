import { Entity, OneToOne, Property } from '@mikro-orm/core';
import { Course } from '../courses';

/** A course's practice settings (a row only once its instructor set one). */
@Entity({ tableName: 'course_practice_settings' })
export class CoursePracticeSetting {
  @OneToOne(() => Course, { primary: true, deleteRule: 'cascade', owner: true })
  course!: Course;

  /** Lessons with a tracked video (a file or HLS) may be completed only once watched (90%). */
  @Property({ type: 'boolean', default: false })
  requireWatching: boolean = false;
}
