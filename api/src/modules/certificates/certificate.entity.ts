import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { Course } from '../courses/course.entity';
import { User } from '../users/user.entity';
import { CertificateTemplate } from './certificate-template.entity';

/**
 * A certificate. At most one *current* certificate per user and course: a partial unique index on
 * (user, course) where `replaced_by_id` is null settles concurrent completions; a reissued
 * certificate (revoked, pointing at its replacement) no longer counts. The holder's name and the
 * course title are fixed when it is issued (a later profile or course rename changes nothing).
 */
@ObjectType()
@Entity({ tableName: 'certificates' })
@Index({
  name: 'certificates_user_id_course_id_current',
  expression:
    'create unique index "certificates_user_id_course_id_current" on "certificates" ("user_id", "course_id") where "replaced_by_id" is null',
})
export class Certificate {
  [OptionalProps]?: 'issuedAt' | 'revokedAt' | 'revokeReason' | 'replacedBy';

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

  /** The holder's name as printed, fixed at issue (a staff reissue corrects it). */
  @Property({ type: 'string', length: 255 })
  holderName!: string;

  /** The course title as printed, fixed at issue. */
  @Property({ type: 'string', length: 200 })
  courseTitle!: string;

  /** The certificate that replaced this one in a staff reissue (this one is then revoked). */
  @ManyToOne(() => Certificate, { nullable: true, deleteRule: 'set null', unique: true })
  replacedBy?: Certificate | null;

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
