import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';

@ObjectType({ description: 'A file attached to a stored mail.' })
export class OutboxAttachment {
  @Field(() => Int, { description: 'Its position among the mail’s attachments (0 first).' })
  index!: number;

  @Field({ description: 'The file name the mail gives it.' })
  filename!: string;

  @Field({ description: 'Its MIME type, e.g. text/calendar.' })
  contentType!: string;

  @Field(() => Int, { description: 'Its size in bytes.' })
  size!: number;

  @Field({
    description: 'Where admins download it: `/api/admin/outbox/{mailId}/attachments/{index}`.',
  })
  url!: string;
}

@ObjectType({
  description:
    'A mail the app sent or kept: without SMTP_URL every mail stays here (the outbox); with it, this is the log of what went out.',
})
export class OutboxMail {
  @Field(() => ID, { description: 'The mail’s id.' })
  id!: string;

  @Field({ description: 'The sender, e.g. `DRX <no-reply@drx.local>` (MAIL_FROM).' })
  from!: string;

  @Field({ description: 'The recipient address(es), comma-separated.' })
  to!: string;

  @Field({ description: 'The subject line.' })
  subject!: string;

  @Field({ description: 'The plain-text body.' })
  text!: string;

  @Field(() => String, { nullable: true, description: 'The HTML body; null when the mail has none.' })
  html!: string | null;

  @Field(() => [String], { description: 'The file names of its attachments, in order.' })
  attachmentNames!: string[];

  @Field(() => [OutboxAttachment], { description: 'Its attachments, in order (without their content).' })
  attachments!: OutboxAttachment[];

  @Field({ description: 'When the app made the mail.' })
  createdAt!: Date;

  @Field(() => Date, {
    nullable: true,
    description: 'When SMTP accepted it; null in the outbox (no SMTP_URL) or while unsent.',
  })
  sentAt!: Date | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why the last SMTP attempt failed; null when none did.',
  })
  error!: string | null;
}

@ObjectType()
export class OutboxMailConnection extends Connection(OutboxMail, 'OutboxMail') {}
