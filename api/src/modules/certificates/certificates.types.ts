import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/connection';
import { UserError } from '../../graphql/errors';
import { User } from '../users';
import { Certificate } from './certificate.entity';
import { CertificateTemplate } from './certificate-template.entity';

@ObjectType({ description: 'A page of certificates (newest first).' })
export class CertificateConnection extends Connection(Certificate, 'Certificate') {}

@ObjectType({ description: 'The values merged into a certificate template’s {{placeholders}}.' })
export class CertificateMergeFields {
  @Field({ description: '{{studentName}}: the holder’s name as fixed at issue (or corrected by a reissue).' })
  studentName!: string;

  @Field({ description: '{{courseTitle}}: the course title as fixed at issue.' })
  courseTitle!: string;

  @Field({
    description:
      '{{issuedOn}}: the issue date as printed, the UTC calendar day in US English, e.g. "November 21, 2026".',
  })
  issuedOn!: string;

  @Field({ description: '{{certificateNumber}}: the public number, e.g. DRX-2026-7K3QF9XH.' })
  certificateNumber!: string;

  @Field({
    description:
      '{{instructorName}}: the course instructor’s current first and last name, or their username when they have none.',
  })
  instructorName!: string;
}

@ObjectType({ description: 'A QR code as an SVG path: one unit per module in a size×size box.' })
export class QrCode {
  @Field(() => Int, {
    description:
      'Modules per side (width = height); the path has no quiet zone, so leave a margin around it.',
  })
  size!: number;

  @Field({ description: 'The dark modules, for <svg viewBox="0 0 size size"><path d="…"/></svg>.' })
  path!: string;
}

@ObjectType({
  description:
    'What the public verification page shows for a certificate number: only what the certificate itself prints.',
})
export class CertificateVerification {
  @Field({ description: 'The certificate number as stored, e.g. DRX-2026-7K3QF9XH.' })
  number!: string;

  @Field({ description: 'True unless the certificate was revoked.' })
  valid!: boolean;

  @Field({ description: "'valid' or 'revoked'" })
  status!: string;

  @Field({ description: 'The holder’s name as printed on the certificate.' })
  studentName!: string;

  @Field({ description: 'The course title as printed on the certificate.' })
  courseTitle!: string;

  @Field({
    description:
      'When it was issued (ISO-8601, UTC); a reissue keeps the date of the certificate it replaced.',
  })
  issuedAt!: Date;

  @Field(() => Date, {
    nullable: true,
    description: 'When it was revoked (ISO-8601, UTC); null while it is valid.',
  })
  revokedAt!: Date | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Why it was revoked ("refunded" after a refund, "Reissued as DRX-…: <reason>" after a reissue); null while it is valid.',
  })
  revokeReason!: string | null;

  @Field({
    description:
      'The course instructor’s current first and last name, or their username when they have none.',
  })
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
  @Field(() => ID, { description: 'The course’s id (pass it as `courseId` to certificateIssue).' })
  id!: string;

  @Field({ description: 'The course’s current title.' })
  title!: string;

  @Field(() => Int, { description: 'Students enrolled in the course.' })
  enrolledCount!: number;

  @Field(() => Int, {
    description:
      'Current certificates of the course, valid or revoked (a reissued certificate counts once, as its replacement).',
  })
  certificateCount!: number;
}

@ObjectType({ description: 'A student enrolled in a course, and their certificate of it if any.' })
export class CertificateIssueCandidate {
  @Field(() => User, { description: 'The student (pass `user.id` as `userId` to certificateIssue).' })
  user!: User;

  @Field({
    description: 'The name a certificate issued now would print: first and last name, else the username.',
  })
  studentName!: string;

  @Field({ description: 'When the student enrolled (ISO-8601, UTC).' })
  enrolledAt!: Date;

  @Field(() => Date, {
    nullable: true,
    description: 'When the student completed the course (ISO-8601, UTC); null while not completed.',
  })
  completedAt!: Date | null;

  @Field(() => Certificate, {
    nullable: true,
    description:
      'The student’s current certificate of the course (valid or revoked); null when none was issued.',
  })
  certificate!: Certificate | null;
}

// ---- inputs -------------------------------------------------------------------------------------

@InputType({
  description:
    'A new certificate template. Texts are trimmed; heading and body may use only the placeholders {{studentName}}, {{courseTitle}}, {{issuedOn}}, {{certificateNumber}}, {{instructorName}}.',
})
export class CertificateTemplateCreateInput {
  @Field({
    description: 'The template’s name in the staff lists (not printed); required, up to 120 characters.',
  })
  name!: string;

  @Field({ description: 'The printed heading; required, up to 200 characters; may use {{placeholders}}.' })
  heading!: string;

  @Field({
    description:
      'The printed body text; required, up to 2000 characters, with {{studentName}}, {{courseTitle}}, {{issuedOn}}, {{certificateNumber}}, {{instructorName}}.',
  })
  body!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The name printed at the signature line, up to 120 characters; null or omitted: none.',
  })
  signatoryName?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The signatory’s title, up to 120 characters; null or omitted: none.',
  })
  signatoryTitle?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A #rrggbb colour (stored lower-case); null or omitted: #6b46c1.',
  })
  accentColor?: string | null;
}

@InputType({ description: 'The template to change and the fields to change (omitted fields stay).' })
export class CertificateTemplateUpdateInput {
  @Field(() => ID, { description: 'The template’s id.' })
  id!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Up to 120 characters; cannot be blank; null keeps it.',
  })
  name?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Up to 200 characters with known {{placeholders}} only; cannot be blank; null keeps it.',
  })
  heading?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Up to 2000 characters with known {{placeholders}} only; cannot be blank; null keeps it.',
  })
  body?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Up to 120 characters; an empty string removes it; null keeps it.',
  })
  signatoryName?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Up to 120 characters; an empty string removes it; null keeps it.',
  })
  signatoryTitle?: string | null;

  @Field(() => String, { nullable: true, description: 'A #rrggbb colour; null keeps it.' })
  accentColor?: string | null;
}

@InputType({ description: 'The certificate template to delete.' })
export class CertificateTemplateDeleteInput {
  @Field(() => ID, { description: 'The template’s id.' })
  id!: string;
}

@InputType({ description: 'The certificate template to make the default.' })
export class CertificateTemplateSetDefaultInput {
  @Field(() => ID, { description: 'The template’s id.' })
  id!: string;
}

@InputType({ description: 'Whom to issue a certificate to, for which course.' })
export class CertificateIssueInput {
  @Field(() => ID, { description: 'The course’s id.' })
  courseId!: string;

  @Field(() => ID, { description: 'The student’s user id.' })
  userId!: string;
}

@InputType({ description: 'The certificate to revoke and why.' })
export class CertificateRevokeInput {
  @Field(() => ID, { description: 'The certificate’s id (not its number).' })
  certificateId!: string;

  @Field({
    description: 'Required, trimmed, up to 500 characters; shown on the public verification page.',
  })
  reason!: string;
}

@InputType({ description: "A reissue, e.g. to correct the holder's name." })
export class CertificateReissueInput {
  @Field(() => ID, {
    description: 'The id of a valid certificate (not revoked, not reissued before).',
  })
  certificateId!: string;

  @Field(() => String, {
    nullable: true,
    description:
      "The name to print: trimmed, inner spaces collapsed, 1 to 200 characters, no control characters; null or omitted: the holder's current first and last name (else username).",
  })
  holderName?: string | null;

  @Field({
    description:
      'Required, up to 400 characters; shown on the old certificate\'s public verification page after "Reissued as DRX-…: ".',
  })
  reason!: string;
}

@InputType({ description: 'The revoked certificate to make valid again.' })
export class CertificateReinstateInput {
  @Field(() => ID, { description: 'The certificate’s id (not its number).' })
  certificateId!: string;
}

// ---- payloads -----------------------------------------------------------------------------------

@ObjectType({ description: 'The result of certificateTemplateCreate.' })
export class CertificateTemplateCreatePayload {
  @Field(() => CertificateTemplate, { nullable: true, description: 'The new template; null when refused.' })
  template!: CertificateTemplate | null;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of certificateTemplateUpdate.' })
export class CertificateTemplateUpdatePayload {
  @Field(() => CertificateTemplate, {
    nullable: true,
    description: 'The template after the change; null when refused.',
  })
  template!: CertificateTemplate | null;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of certificateTemplateDelete.' })
export class CertificateTemplateDeletePayload {
  @Field(() => ID, { nullable: true, description: 'The id of the deleted template; null when refused.' })
  deletedTemplateId!: string | null;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of certificateTemplateSetDefault.' })
export class CertificateTemplateSetDefaultPayload {
  @Field(() => CertificateTemplate, {
    nullable: true,
    description: 'The new default template; null when refused.',
  })
  template!: CertificateTemplate | null;

  @Field(() => [CertificateTemplate], {
    description: 'Every template with the new default flags, the default first; empty when refused.',
  })
  templates!: CertificateTemplate[];

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of certificateIssue.' })
export class CertificateIssuePayload {
  @Field(() => Certificate, {
    nullable: true,
    description: 'The student’s certificate of the course (new, or the existing one); null when refused.',
  })
  certificate!: Certificate | null;

  @Field({
    description:
      'True when the student already had a certificate of the course (returned as it is, even if revoked; nothing new was issued).',
  })
  alreadyIssued!: boolean;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of certificateRevoke.' })
export class CertificateRevokePayload {
  @Field(() => Certificate, { nullable: true, description: 'The revoked certificate; null when refused.' })
  certificate!: Certificate | null;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of certificateReissue.' })
export class CertificateReissuePayload {
  @Field(() => Certificate, { nullable: true, description: 'The new certificate; null when refused.' })
  certificate!: Certificate | null;

  @Field(() => Certificate, {
    nullable: true,
    description:
      'The old certificate, now revoked and pointing at the new one (`replacedBy`); null when refused.',
  })
  previousCertificate!: Certificate | null;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: 'The result of certificateReinstate.' })
export class CertificateReinstatePayload {
  @Field(() => Certificate, {
    nullable: true,
    description: 'The certificate, valid again; null when refused.',
  })
  certificate!: Certificate | null;

  @Field(() => [UserError], { description: 'Why it was refused; empty on success.' })
  userErrors!: UserError[];
}
