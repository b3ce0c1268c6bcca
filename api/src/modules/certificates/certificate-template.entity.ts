import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, ObjectType } from 'type-graphql';

/** Placeholders a template's text may use. */
export const TEMPLATE_PLACEHOLDERS = [
  'studentName',
  'courseTitle',
  'issuedOn',
  'certificateNumber',
  'instructorName',
];

/** The layout of a certificate; its texts may contain {{placeholders}}. */
@ObjectType({
  description:
    'The layout a certificate prints with: heading, body, signatory and accent colour. Its texts may contain the placeholders {{studentName}}, {{courseTitle}}, {{issuedOn}}, {{certificateNumber}} and {{instructorName}}.',
})
@Entity({ tableName: 'certificate_templates' })
export class CertificateTemplate {
  [OptionalProps]?: 'isDefault' | 'createdAt' | 'accentColor';

  @Field(() => ID, { description: 'The template’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field({ description: 'The template’s name in the staff lists (not printed), up to 120 characters.' })
  @Property({ type: 'string', length: 120 })
  name!: string;

  @Field({ description: 'The printed heading, e.g. "Certificate of Completion"; up to 200 characters.' })
  @Property({ type: 'string', length: 200 })
  heading!: string;

  @Field({ description: 'The printed body text with {{placeholders}}, up to 2000 characters.' })
  @Property({ type: 'text' })
  body!: string;

  @Field({ description: 'The name printed at the signature line; an empty string when there is none.' })
  @Property({ type: 'string', length: 120 })
  signatoryName!: string;

  @Field({ description: 'The signatory’s title; an empty string when there is none.' })
  @Property({ type: 'string', length: 120 })
  signatoryTitle!: string;

  @Field({ description: 'The accent colour as #rrggbb (lower-case), default #6b46c1.' })
  @Property({ type: 'string', length: 7, default: '#6b46c1' })
  accentColor: string = '#6b46c1';

  @Field({
    description:
      'Whether this is the default template, used for courses that name none (at most one template is).',
  })
  @Property({ type: 'boolean', default: false })
  isDefault: boolean = false;

  @Field({ description: 'When the template was created (ISO-8601, UTC).' })
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
