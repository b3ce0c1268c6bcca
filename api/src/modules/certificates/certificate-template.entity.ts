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
@ObjectType()
@Entity({ tableName: 'certificate_templates' })
export class CertificateTemplate {
  [OptionalProps]?: 'isDefault' | 'createdAt' | 'accentColor';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field()
  @Property({ type: 'string', length: 120 })
  name!: string;

  @Field({ description: 'The heading, e.g. "Certificate of Completion".' })
  @Property({ type: 'string', length: 200 })
  heading!: string;

  @Field({ description: 'The body text with {{placeholders}}.' })
  @Property({ type: 'text' })
  body!: string;

  @Field()
  @Property({ type: 'string', length: 120 })
  signatoryName!: string;

  @Field()
  @Property({ type: 'string', length: 120 })
  signatoryTitle!: string;

  @Field({ description: 'A #rrggbb colour.' })
  @Property({ type: 'string', length: 7, default: '#6b46c1' })
  accentColor: string = '#6b46c1';

  @Field({ description: 'Used for courses that name no template.' })
  @Property({ type: 'boolean', default: false })
  isDefault: boolean = false;

  @Field()
  @Property({ type: 'Date', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
