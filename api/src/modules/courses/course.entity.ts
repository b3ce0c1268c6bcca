import {
  Collection,
  Entity,
  Index,
  ManyToOne,
  OneToMany,
  OptionalProps,
  PrimaryKey,
  Property,
  Unique,
} from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { User } from '../users';
import { CourseCategory } from './course-category.entity';
import { CourseModule } from './course-module.entity';
import { DanceStyle } from './dance-style.entity';

/** A course's certificate template as this module knows it (the certificates module's entity). */
export interface CourseCertificateTemplate {
  id: string;
}

/**
 * A certification course. Prices are whole cents in USD. The `search_vector` column (generated
 * by the database from title, summary and description) backs full-text search.
 */
@ObjectType({
  description:
    'A certification course: its catalogue details, instructor and syllabus. Drafts (published: false) ' +
    'are not in the catalogue, and `course` answers them only to their instructor and staff.',
})
@Entity({ tableName: 'courses' })
@Index({ properties: ['published', 'createdAt'] })
export class Course {
  [OptionalProps]?: 'published' | 'memberOnly' | 'priceCents' | 'createdAt' | 'updatedAt' | 'modules';

  @Field(() => ID, { description: 'The course id (a UUID).' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'The title, 1–200 characters.' })
  @Property({ type: 'string', length: 200 })
  title!: string;

  @Field({
    description:
      'Unique URL name made from the title (lower-case ASCII words joined by dashes, with -2, -3… when ' +
      'taken); it changes when the title changes. `course(id:)` accepts it in place of the id.',
  })
  @Unique()
  @Property({ type: 'string', length: 220 })
  slug!: string;

  @Field({ description: 'A short summary for lists, up to 500 characters; empty when none.' })
  @Property({ type: 'string', length: 500, default: '' })
  summary: string = '';

  @Field({
    description: 'The full description as plain text, up to 20 000 characters; empty when none.',
  })
  @Property({ type: 'text', default: '' })
  description: string = '';

  @Field(() => Int, { description: 'Price in US cents (0–10 000 000, i.e. up to $100,000.00); 0 is free.' })
  @Property({ type: 'integer', default: 0 })
  priceCents: number = 0;

  @Field(() => DanceStyle, { nullable: true, description: 'Its dance style; null when none is set.' })
  @ManyToOne(() => DanceStyle, { nullable: true, deleteRule: 'set null' })
  danceStyle?: DanceStyle | null;

  @Field(() => String, {
    nullable: true,
    description: 'One of referenceLists.skillLevels (e.g. Beginner); null when not set.',
  })
  @Property({ type: 'string', length: 40, nullable: true })
  skillLevel?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'One of referenceLists.ageGroups (e.g. Adult (18+)); null when not set.',
  })
  @Property({ type: 'string', length: 40, nullable: true })
  ageGroup?: string | null;

  @Field(() => CourseCategory, { nullable: true, description: 'Its category; null when none is set.' })
  @ManyToOne(() => CourseCategory, { nullable: true, deleteRule: 'set null' })
  category?: CourseCategory | null;

  @Field(() => String, {
    nullable: true,
    description: 'Cover image: an http(s) URL or a path on this site (/uploads/…); null when none.',
  })
  @Property({ type: 'string', length: 500, nullable: true })
  coverImageUrl?: string | null;

  /**
   * The certificate layout of this course; null uses the default template. It is the certificates
   * module's `CertificateTemplate`, named here by its entity name only (the certificates module
   * depends on this one, not the other way): that module gives its GraphQL field and loads it.
   */
  @ManyToOne('CertificateTemplate', { nullable: true, deleteRule: 'set null' })
  certificateTemplate?: CourseCertificateTemplate | null;

  @Field(() => User, { description: 'The instructor who teaches and edits the course.' })
  @ManyToOne(() => User)
  instructor!: User;

  @Field({
    description: 'true: listed in the catalogue and open to learners; false: a draft (see coursePublish).',
  })
  @Property({ type: 'boolean', default: false })
  published: boolean = false;

  @Field({
    description:
      'Open to members with an active membership at no extra cost, and only to them (others get ' +
      'MEMBERSHIP_REQUIRED). Until memberships exist, only staff count as members.',
  })
  @Property({ type: 'boolean', default: false })
  memberOnly: boolean = false;

  @OneToMany(() => CourseModule, (m) => m.course, { orderBy: { position: 'asc' } })
  modules = new Collection<CourseModule>(this);

  @Field({ description: 'When the course was created (ISO-8601 instant, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field({
    description:
      'When its own fields last changed (ISO-8601 instant, UTC); edits of its modules, lessons and quizzes do not change it.',
  })
  @Property({ type: 'Date', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
