import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { User } from '../users/user.entity';
import { Certificate } from './certificate.entity';
import { CertificateTemplate } from './certificate-template.entity';

@ObjectType()
export class CertificateConnection extends Connection(Certificate, 'Certificate') {}

@ObjectType({ description: 'The values merged into a certificate template’s {{placeholders}}.' })
export class CertificateMergeFields {
  @Field()
  studentName!: string;

  @Field()
  courseTitle!: string;

  @Field({ description: 'The issue date as printed, e.g. "November 21, 2026".' })
  issuedOn!: string;

  @Field()
  certificateNumber!: string;

  @Field()
  instructorName!: string;
}

@ObjectType({ description: 'A QR code as an SVG path: one unit per module in a size×size box.' })
export class QrCode {
  @Field(() => Int)
  size!: number;

  @Field({ description: 'The dark modules, for <svg viewBox="0 0 size size"><path d="…"/></svg>.' })
  path!: string;
}

@ObjectType({
  description:
    'What the public verification page shows for a certificate number: only what the certificate itself prints.',
})
export class CertificateVerification {
  @Field()
  number!: string;

  @Field({ description: 'True unless the certificate was revoked.' })
  valid!: boolean;

  @Field({ description: "'valid' or 'revoked'" })
  status!: string;

  @Field()
  studentName!: string;

  @Field()
  courseTitle!: string;

  @Field()
  issuedAt!: Date;

  @Field(() => Date, { nullable: true })
  revokedAt!: Date | null;

  @Field(() => String, { nullable: true })
  revokeReason!: string | null;

  @Field()
  instructorName!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The number of the certificate that replaced this one (a reissue); null otherwise.',
  })
  replacedByNumber!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The number of the certificate this one replaced (a reissue); null otherwise.',
  })
  replacesNumber!: string | null;
}

@ObjectType({ description: 'A course the viewer may issue certificates for.' })
export class CertificateIssueCourse {
  @Field(() => ID)
  id!: string;

  @Field()
  title!: string;

  @Field(() => Int, { description: 'Enrolled students.' })
  enrolledCount!: number;

  @Field(() => Int, { description: 'Certificates issued for this course.' })
  certificateCount!: number;
}

@ObjectType({ description: 'A student enrolled in a course, and their certificate of it if any.' })
export class CertificateIssueCandidate {
  @Field(() => User)
  user!: User;

  @Field({ description: 'The name a certificate would print.' })
  studentName!: string;

  @Field()
  enrolledAt!: Date;

  @Field(() => Date, { nullable: true })
  completedAt!: Date | null;

  @Field(() => Certificate, { nullable: true })
  certificate!: Certificate | null;
}

// ---- inputs -------------------------------------------------------------------------------------

@InputType()
export class CertificateTemplateCreateInput {
  @Field({ description: 'Up to 120 characters.' })
  name!: string;

  @Field({ description: 'Up to 200 characters; may use {{placeholders}}.' })
  heading!: string;

  @Field({
    description:
      'Up to 2000 characters with {{studentName}}, {{courseTitle}}, {{issuedOn}}, {{certificateNumber}}, {{instructorName}}.',
  })
  body!: string;

  @Field(() => String, { nullable: true, description: 'Up to 120 characters.' })
  signatoryName?: string | null;

  @Field(() => String, { nullable: true, description: 'Up to 120 characters.' })
  signatoryTitle?: string | null;

  @Field(() => String, { nullable: true, description: '#rrggbb (default #6b46c1).' })
  accentColor?: string | null;
}

@InputType({ description: 'The template to change and the fields to change (omitted fields stay).' })
export class CertificateTemplateUpdateInput {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  heading?: string | null;

  @Field(() => String, { nullable: true })
  body?: string | null;

  @Field(() => String, { nullable: true })
  signatoryName?: string | null;

  @Field(() => String, { nullable: true })
  signatoryTitle?: string | null;

  @Field(() => String, { nullable: true })
  accentColor?: string | null;
}

@InputType()
export class CertificateTemplateDeleteInput {
  @Field(() => ID)
  id!: string;
}

@InputType()
export class CertificateTemplateSetDefaultInput {
  @Field(() => ID)
  id!: string;
}

@InputType()
export class CertificateIssueInput {
  @Field(() => ID)
  courseId!: string;

  @Field(() => ID, { description: 'The student.' })
  userId!: string;
}

@InputType()
export class CertificateRevokeInput {
  @Field(() => ID)
  certificateId!: string;

  @Field({ description: 'Required, up to 500 characters; shown on the public verification page.' })
  reason!: string;
}

@InputType({ description: "A reissue, e.g. to correct the holder's name." })
export class CertificateReissueInput {
  @Field(() => ID, { description: 'A valid certificate (not revoked, not reissued before).' })
  certificateId!: string;

  @Field(() => String, {
    nullable: true,
    description: "The name to print, up to 200 characters; default the holder's current name.",
  })
  holderName?: string | null;

  @Field({
    description:
      'Required, up to 400 characters; shown on the old certificate\'s public verification page after "Reissued as DRX-…: ".',
  })
  reason!: string;
}

@InputType()
export class CertificateReinstateInput {
  @Field(() => ID)
  certificateId!: string;
}

// ---- payloads -----------------------------------------------------------------------------------

@ObjectType()
export class CertificateTemplateCreatePayload {
  @Field(() => CertificateTemplate, { nullable: true })
  template!: CertificateTemplate | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class CertificateTemplateUpdatePayload {
  @Field(() => CertificateTemplate, { nullable: true })
  template!: CertificateTemplate | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class CertificateTemplateDeletePayload {
  @Field(() => ID, { nullable: true })
  deletedTemplateId!: string | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class CertificateTemplateSetDefaultPayload {
  @Field(() => CertificateTemplate, { nullable: true })
  template!: CertificateTemplate | null;

  @Field(() => [CertificateTemplate], { description: 'Every template, with the new default flags.' })
  templates!: CertificateTemplate[];

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class CertificateIssuePayload {
  @Field(() => Certificate, { nullable: true })
  certificate!: Certificate | null;

  @Field({ description: 'True when the student already had this certificate (nothing new was issued).' })
  alreadyIssued!: boolean;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class CertificateRevokePayload {
  @Field(() => Certificate, { nullable: true })
  certificate!: Certificate | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class CertificateReissuePayload {
  @Field(() => Certificate, { nullable: true, description: 'The new certificate.' })
  certificate!: Certificate | null;

  @Field(() => Certificate, { nullable: true, description: 'The old certificate, now revoked.' })
  previousCertificate!: Certificate | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType()
export class CertificateReinstatePayload {
  @Field(() => Certificate, { nullable: true })
  certificate!: Certificate | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
