import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';
import { Course } from '../courses';
import { User } from '../users';
import { CertificateTemplate } from './certificate-template.entity';

/**
 * A certificate. At most one *current* certificate per user and course: a partial unique index on
 * (user, course) where `replaced_by_id` is null settles concurrent completions; a reissued
 * certificate (revoked, pointing at its replacement) no longer counts. The holder's name and the
 * course title are fixed when it is issued (a later profile or course rename changes nothing).
 */
@ObjectType({
  description:
    'A certificate of completion of a course: issued automatically when a student completes it, or by hand. A student has at most one current certificate per course; a reissue revokes the old one and points it at the new one.',
})
@Entity({ tableName: 'certificates' })
@Index({
  name: 'certificates_user_id_course_id_current',
  expression:
    'create unique index "certificates_user_id_course_id_current" on "certificates" ("user_id", "course_id") where "replaced_by_id" is null',
})
export class Certificate {
  [OptionalProps]?: 'issuedAt' | 'revokedAt' | 'revokeReason' | 'replacedBy';

  @Field(() => ID, {
    description: 'The certificate’s id (the PDF and mutations take it; the public page takes `number`).',
  })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({
    description:
      'Public and unique: DRX-<year of issue>-<8 characters of 23456789ABCDEFGHJKLMNPQRSTUVWXYZ>, e.g. DRX-2026-7K3QF9XH.',
  })
  @Unique()
  @Property({ type: 'string', length: 40 })
  number!: string;

  @Field(() => User, { description: 'The holder.' })
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Field(() => Course, { description: 'The completed course.' })
  @ManyToOne(() => Course, { deleteRule: 'cascade' })
  course!: Course;

  @Field(() => CertificateTemplate, {
    description:
      'The template it prints with: the course’s template when it was issued, else the default then. Later edits of the template show on it.',
  })
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

  @Field({
    description:
      'When it was issued (ISO-8601, UTC); a reissue keeps the date of the certificate it replaced.',
  })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  issuedAt: Date = new Date();

  @Field(() => Date, {
    nullable: true,
    description: 'When it was revoked (ISO-8601, UTC); null while it is valid.',
  })
  @Property({ type: 'Date', nullable: true })
  revokedAt?: Date | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Why it was revoked: the given reason, "refunded" when a refund took the course away, or "Reissued as DRX-…: <reason>"; null while it is valid.',
  })
  @Property({ type: 'string', length: 500, nullable: true })
  revokeReason?: string | null;
}
