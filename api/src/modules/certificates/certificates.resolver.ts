import { GraphQLError } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { pageSize, toConnection } from '../../graphql/connection';
import { forbidden } from '../../graphql/errors';
import { payload } from '../../graphql/payload';
import { qrSvgPath } from './certificate-qr';
import { verificationUrl as verificationUrlOf } from './certificate-text';
import { Course } from '../courses/course.entity';
import { User } from '../users/user.entity';
import { Certificate } from './certificate.entity';
import { CertificateTemplate } from './certificate-template.entity';
import {
  CERTIFICATE_STATUSES,
  type CertificateStatus,
  certificateStatus,
  type IssueCandidate,
  load,
  type IssueCourse,
  type Verification,
} from './certificates.service';
import {
  CertificateConnection,
  CertificateIssueCandidate,
  CertificateIssueCourse,
  CertificateIssueInput,
  CertificateIssuePayload,
  CertificateMergeFields,
  CertificateReinstateInput,
  CertificateReinstatePayload,
  CertificateReissueInput,
  CertificateReissuePayload,
  CertificateRevokeInput,
  CertificateRevokePayload,
  CertificateVerification,
  QrCode,
} from './certificates.types';

function statusArg(status: string | null | undefined): CertificateStatus | null {
  if (status === null || status === undefined || status === '') return null;
  if (!(CERTIFICATE_STATUSES as readonly string[]).includes(status)) {
    throw new GraphQLError("`status` must be 'valid' or 'revoked'", {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  return status as CertificateStatus;
}

/** Certificates: the owner's, instructor's and staff's views, verification, issue and revoke. */
@Resolver(() => Certificate)
export class CertificatesResolver {
  // ---- fields of Certificate --------------------------------------------------------------------
  // Relations load through the request's dataloader: one query per relation for a whole list.

  @FieldResolver(() => User)
  user(@Root() certificate: Certificate): Promise<User> {
    return load(certificate.user);
  }

  @FieldResolver(() => Course)
  course(@Root() certificate: Certificate): Promise<Course> {
    return load(certificate.course);
  }

  @FieldResolver(() => CertificateTemplate)
  template(@Root() certificate: Certificate): Promise<CertificateTemplate> {
    return load(certificate.template);
  }

  @FieldResolver(() => String, { description: "'valid' or 'revoked'" })
  status(@Root() certificate: Certificate): CertificateStatus {
    return certificateStatus(certificate);
  }

  @FieldResolver(() => CertificateMergeFields, {
    description: 'The values of the template’s placeholders, as the certificate prints them.',
  })
  mergeFields(@Root() certificate: Certificate, @Ctx() ctx: Context): Promise<CertificateMergeFields> {
    return ctx.services.certificates.mergeFields(certificate);
  }

  @FieldResolver(() => String, {
    description: 'The name printed on the certificate, fixed when it was issued (a reissue corrects it).',
  })
  studentName(@Root() certificate: Certificate): string {
    return certificate.holderName;
  }

  @FieldResolver(() => String, { description: 'The course title printed, fixed when it was issued.' })
  courseTitle(@Root() certificate: Certificate): string {
    return certificate.courseTitle;
  }

  @FieldResolver(() => Certificate, {
    nullable: true,
    description: 'The certificate that replaced this one when it was reissued (this one is revoked).',
  })
  replacedBy(@Root() certificate: Certificate): Promise<Certificate> | null {
    return certificate.replacedBy ? load(certificate.replacedBy) : null;
  }

  @FieldResolver(() => ID)
  courseId(@Root() certificate: Certificate): string {
    return certificate.course.id;
  }

  @FieldResolver(() => String, { description: 'The public verification page (also in the PDF’s QR code).' })
  verificationUrl(@Root() certificate: Certificate, @Ctx() ctx: Context): string {
    return verificationUrlOf(ctx.config.publicUrl, certificate.number);
  }

  @FieldResolver(() => QrCode, { description: 'The QR code of the verification URL (as on the PDF).' })
  verificationQrCode(@Root() certificate: Certificate, @Ctx() ctx: Context): QrCode {
    return qrSvgPath(verificationUrlOf(ctx.config.publicUrl, certificate.number));
  }

  @FieldResolver(() => String, { description: 'The PDF download (same site, needs the session).' })
  pdfUrl(@Root() certificate: Certificate): string {
    return `/api/certificates/${certificate.id}/pdf`;
  }

  // ---- queries ----------------------------------------------------------------------------------

  @Query(() => [Certificate], { description: 'My certificates, newest first.' })
  myCertificates(@Ctx() ctx: Context): Promise<Certificate[]> {
    return ctx.services.certificates.mine(ctx.user!);
  }

  @Query(() => Certificate, {
    nullable: true,
    description: "A certificate: for its owner, the course's instructor and staff; null for others.",
  })
  certificate(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Certificate | null> {
    return ctx.services.certificates.findVisible(ctx.user!, id);
  }

  @Query(() => CertificateVerification, {
    nullable: true,
    description: 'Public: whether a certificate number is valid or revoked; null for an unknown number.',
  })
  certificateVerify(@Arg('number') number: string, @Ctx() ctx: Context): Promise<Verification | null> {
    return ctx.services.certificates.verify(number);
  }

  @Query(() => CertificateConnection, { description: 'Every certificate, newest first (staff).' })
  async adminCertificates(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('search', () => String, {
      nullable: true,
      description: 'Words matched against the number, the student’s username and name, and the course title.',
    })
    search?: string,
    @Arg('status', () => String, { nullable: true, description: "'valid' or 'revoked'" }) status?: string,
  ): Promise<CertificateConnection> {
    return toConnection(
      await ctx.services.certificates.list({
        first: pageSize(first),
        after,
        search,
        status: statusArg(status),
      }),
    );
  }

  @Query(() => CertificateConnection, {
    description: 'Certificates of the courses I teach, newest first (instructors).',
  })
  async instructorCertificates(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('search', () => String, { nullable: true }) search?: string,
    @Arg('status', () => String, { nullable: true, description: "'valid' or 'revoked'" }) status?: string,
    @Arg('courseId', () => ID, { nullable: true }) courseId?: string,
  ): Promise<CertificateConnection> {
    return toConnection(
      await ctx.services.certificates.list({
        first: pageSize(first),
        after,
        search,
        status: statusArg(status),
        courseId,
        instructorId: ctx.user!.id,
      }),
    );
  }

  @Query(() => [CertificateIssueCourse], {
    description: 'Courses I may issue certificates for: the ones I teach (staff: every course).',
  })
  certificateIssueCourses(@Ctx() ctx: Context): Promise<IssueCourse[]> {
    return ctx.services.certificates.issueCourses(ctx.user!);
  }

  @Query(() => [CertificateIssueCandidate], {
    description: 'Students enrolled in one of my courses (staff: any course), by name, at most 100.',
  })
  async certificateIssueCandidates(
    @Ctx() ctx: Context,
    @Arg('courseId', () => ID) courseId: string,
    @Arg('search', () => String, { nullable: true }) search?: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
  ): Promise<IssueCandidate[]> {
    const candidates = await ctx.services.certificates.issueCandidates(
      ctx.user!,
      courseId,
      search,
      pageSize(first ?? 100),
    );
    if (!candidates) throw forbidden();
    return candidates;
  }

  // ---- mutations --------------------------------------------------------------------------------

  @Mutation(() => CertificateIssuePayload, {
    description:
      "Issues a certificate by hand: the course's instructor for an enrolled student, staff for anyone. Idempotent.",
  })
  certificateIssue(
    @Arg('input') input: CertificateIssueInput,
    @Ctx() ctx: Context,
  ): Promise<CertificateIssuePayload> {
    return payload<Omit<CertificateIssuePayload, 'userErrors'>>(
      async () => {
        const { certificate, created } = await ctx.services.certificates.issueManually(
          ctx.user!,
          input.courseId,
          input.userId,
        );
        return { certificate, alreadyIssued: !created };
      },
      { certificate: null, alreadyIssued: false },
    );
  }

  @Mutation(() => CertificateRevokePayload, {
    description: "Revokes a certificate with a reason (the course's instructor or staff).",
  })
  certificateRevoke(
    @Arg('input') input: CertificateRevokeInput,
    @Ctx() ctx: Context,
  ): Promise<CertificateRevokePayload> {
    return payload<Omit<CertificateRevokePayload, 'userErrors'>>(
      async () => ({
        certificate: await ctx.services.certificates.revoke(ctx.user!, input.certificateId, input.reason),
      }),
      { certificate: null },
    );
  }

  @Mutation(() => CertificateReissuePayload, {
    description:
      "Reissues a certificate, e.g. to correct the holder's name (the course's instructor or staff): a new " +
      'certificate with a new number; the old one is revoked with the reason "Reissued as DRX-…: <reason>" ' +
      'and its verification links the new one.',
  })
  certificateReissue(
    @Arg('input') input: CertificateReissueInput,
    @Ctx() ctx: Context,
  ): Promise<CertificateReissuePayload> {
    return payload<Omit<CertificateReissuePayload, 'userErrors'>>(
      () => ctx.services.certificates.reissue(ctx.user!, input),
      { certificate: null, previousCertificate: null },
    );
  }

  @Mutation(() => CertificateReinstatePayload, {
    description: 'Makes a revoked certificate valid again (staff).',
  })
  certificateReinstate(
    @Arg('input') input: CertificateReinstateInput,
    @Ctx() ctx: Context,
  ): Promise<CertificateReinstatePayload> {
    return payload<Omit<CertificateReinstatePayload, 'userErrors'>>(
      async () => ({
        certificate: await ctx.services.certificates.reinstate(ctx.user!, input.certificateId),
      }),
      { certificate: null },
    );
  }
}
