import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { Course } from '../courses/course.entity';
import { User } from '../users/user.entity';
import { CertificateTemplate } from './certificate-template.entity';

/** A certificate: at most one per user and course (a unique index settles concurrent completions). */
@ObjectType()
@Entity({ tableName: 'certificates' })
@Unique({ properties: ['user', 'course'] })
export class Certificate {
  [OptionalProps]?: 'issuedAt' | 'revokedAt' | 'revokeReason';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'Public, unique, e.g. DRX-2026-7K3QF9XH.' })
  @Unique()
  @Property({ type: 'string', length: 40 })
  number!: string;

  @Field(() => User)
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Field(() => Course)
  @ManyToOne(() => Course, { deleteRule: 'cascade' })
  course!: Course;

  @Field(() => CertificateTemplate)
  @ManyToOne(() => CertificateTemplate)
  template!: CertificateTemplate;

  @Field()
  @Property({ type: 'Date', defaultRaw: 'now()' })
  issuedAt: Date = new Date();

  @Field(() => Date, { nullable: true })
  @Property({ type: 'Date', nullable: true })
  revokedAt?: Date | null;

  @Field(() => String, { nullable: true })
  @Property({ type: 'string', length: 500, nullable: true })
  revokeReason?: string | null;
}
