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
import { CertificateTemplate } from '../certificates/certificate-template.entity';
import { User } from '../users/user.entity';
import { CourseCategory } from './course-category.entity';
import { CourseModule } from './course-module.entity';
import { DanceStyle } from './dance-style.entity';

/**
 * A certification course. Prices are whole cents in USD. The `search_vector` column (generated
 * by the database from title, summary and description) backs full-text search.
 */
@ObjectType()
@Entity({ tableName: 'courses' })
@Index({ properties: ['published', 'createdAt'] })
export class Course {
  [OptionalProps]?: 'published' | 'memberOnly' | 'priceCents' | 'createdAt' | 'updatedAt' | 'modules';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field()
  @Property({ type: 'string', length: 200 })
  title!: string;

  @Field()
  @Unique()
  @Property({ type: 'string', length: 220 })
  slug!: string;

  @Field()
  @Property({ type: 'string', length: 500, default: '' })
  summary: string = '';

  @Field()
  @Property({ type: 'text', default: '' })
  description: string = '';

  @Field(() => Int, { description: 'Price in US cents; 0 is free.' })
  @Property({ type: 'integer', default: 0 })
  priceCents: number = 0;

  @Field(() => DanceStyle, { nullable: true })
  @ManyToOne(() => DanceStyle, { nullable: true, deleteRule: 'set null' })
  danceStyle?: DanceStyle | null;

  @Field(() => String, { nullable: true, description: 'One of referenceLists.skillLevels.' })
  @Property({ type: 'string', length: 40, nullable: true })
  skillLevel?: string | null;

  @Field(() => String, { nullable: true, description: 'One of referenceLists.ageGroups.' })
  @Property({ type: 'string', length: 40, nullable: true })
  ageGroup?: string | null;

  @Field(() => CourseCategory, { nullable: true })
  @ManyToOne(() => CourseCategory, { nullable: true, deleteRule: 'set null' })
  category?: CourseCategory | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'string', length: 500, nullable: true })
  coverImageUrl?: string | null;

  /** The certificate layout of this course; null uses the default template. */
  @Field(() => CertificateTemplate, {
    nullable: true,
    description: 'Its certificate layout; null uses the default template (its instructor and staff only).',
  })
  @ManyToOne(() => CertificateTemplate, { nullable: true, deleteRule: 'set null' })
  certificateTemplate?: CertificateTemplate | null;

  @Field(() => User)
  @ManyToOne(() => User)
  instructor!: User;

  @Field()
  @Property({ type: 'boolean', default: false })
  published: boolean = false;

  @Field({ description: 'Open to members with an active membership at no extra cost.' })
  @Property({ type: 'boolean', default: false })
  memberOnly: boolean = false;

  @OneToMany(() => CourseModule, (m) => m.course, { orderBy: { position: 'asc' } })
  modules = new Collection<CourseModule>(this);

  @Field()
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field()
  @Property({ type: 'Date', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
