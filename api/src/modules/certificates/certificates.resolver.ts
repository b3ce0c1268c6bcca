import { GraphQLError } from 'graphql';
import { Arg, Ctx, Extensions, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import {
  AFTER_ARG_DESCRIPTION,
  FIRST_ARG_DESCRIPTION,
  pageSize,
  toConnection,
} from '../../graphql/connection';
import { forbidden } from '../../graphql/errors';
import { payload } from '../../graphql/payload';
import { qrSvgPath } from './certificate-qr';
import { verificationUrl as verificationUrlOf } from './certificate-text';
import { Course } from '../courses';
import { User } from '../users';
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

  @FieldResolver(() => String, {
    description: "'valid', or 'revoked' (revoked by hand, by a refund, or replaced by a reissue).",
  })
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

  @FieldResolver(() => ID, { description: 'The id of the completed course (as `course.id`).' })
  courseId(@Root() certificate: Certificate): string {
    return certificate.course.id;
  }

  @FieldResolver(() => String, {
    description:
      'The absolute URL of the public verification page, <site>/verify/<number> (also in the PDF’s QR code).',
  })
  verificationUrl(@Root() certificate: Certificate, @Ctx() ctx: Context): string {
    return verificationUrlOf(ctx.config.publicUrl, certificate.number);
  }

  @FieldResolver(() => QrCode, { description: 'The QR code of the verification URL (as on the PDF).' })
  verificationQrCode(@Root() certificate: Certificate, @Ctx() ctx: Context): QrCode {
    return qrSvgPath(verificationUrlOf(ctx.config.publicUrl, certificate.number));
  }

  @FieldResolver(() => String, {
    description:
      'The site-relative path of the PDF download, /api/certificates/<id>/pdf (GET with the session cookie; for the holder, the course’s instructor and staff).',
  })
  pdfUrl(@Root() certificate: Certificate): string {
    return `/api/certificates/${certificate.id}/pdf`;
  }

  // ---- queries ----------------------------------------------------------------------------------

  @Query(() => [Certificate], {
    description:
      'The caller’s certificates, newest first: every one, including revoked ones and ones replaced by a reissue.',
  })
  myCertificates(@Ctx() ctx: Context): Promise<Certificate[]> {
    return ctx.services.certificates.mine(ctx.user!);
  }

  @Query(() => Certificate, {
    nullable: true,
    description:
      "A certificate by id. Null when it does not exist or the caller is not its holder, the course's instructor or staff.",
  })
  certificate(
    @Arg('id', () => ID, { description: 'The certificate’s id (not its number).' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<Certificate | null> {
    return ctx.services.certificates.findVisible(ctx.user!, id);
  }

  @Query(() => CertificateVerification, {
    nullable: true,
    description:
      'What the public verification page shows for a certificate number: whether it is valid or revoked, and what it prints. Null for an unknown number.',
  })
  certificateVerify(
    @Arg('number', {
      description: 'A certificate number such as DRX-2026-7K3QF9XH; case and spaces are ignored.',
    })
    number: string,
    @Ctx() ctx: Context,
  ): Promise<Verification | null> {
    return ctx.services.certificates.verify(number);
  }

  @Query(() => CertificateConnection, {
    description:
      "Every certificate, newest issue first, including reissued ones. A `status` other than 'valid' or 'revoked', or a foreign `after`, is a BAD_USER_INPUT error.",
  })
  async adminCertificates(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, {
      nullable: true,
      description: FIRST_ARG_DESCRIPTION,
    })
    first?: number,
    @Arg('after', () => String, {
      nullable: true,
      description: AFTER_ARG_DESCRIPTION,
    })
    after?: string,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Up to 5 words, each matched (case-insensitive, anywhere) against the number, the printed and current student name, the username and the course title.',
    })
    search?: string,
    @Arg('status', () => String, {
      nullable: true,
      description: "'valid' or 'revoked'; null or omitted: both.",
    })
    status?: string,
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
    description:
      "Certificates of the courses the caller teaches, newest issue first (for staff too: only their own courses). A `status` other than 'valid' or 'revoked', a `courseId` that is not an id, or a foreign `after` is a BAD_USER_INPUT error.",
  })
  async instructorCertificates(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, {
      nullable: true,
      description: FIRST_ARG_DESCRIPTION,
    })
    first?: number,
    @Arg('after', () => String, {
      nullable: true,
      description: AFTER_ARG_DESCRIPTION,
    })
    after?: string,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Up to 5 words, each matched (case-insensitive, anywhere) against the number, the printed and current student name, the username and the course title.',
    })
    search?: string,
    @Arg('status', () => String, {
      nullable: true,
      description: "'valid' or 'revoked'; null or omitted: both.",
    })
    status?: string,
    @Arg('courseId', () => ID, {
      nullable: true,
      description: 'Only this course (one the caller teaches; another gives an empty page).',
    })
    courseId?: string,
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
    description:
      'Courses the caller may issue certificates for, by title: the ones they teach (for staff: every course).',
  })
  certificateIssueCourses(@Ctx() ctx: Context): Promise<IssueCourse[]> {
    return ctx.services.certificates.issueCourses(ctx.user!);
  }

  @Query(() => [CertificateIssueCandidate], {
    description:
      'Students enrolled in a course the caller teaches (staff: any course), by first name, last name and username, with their current certificate of it. A FORBIDDEN error when the course does not exist or is not theirs.',
  })
  // Its page is 100 when `first` is absent: the query cost counts that (graphql/query-cost.ts).
  @Extensions({ defaultPageSize: 100 })
  async certificateIssueCandidates(
    @Ctx() ctx: Context,
    @Arg('courseId', () => ID, { description: 'The course’s id.' }) courseId: string,
    @Arg('search', () => String, {
      nullable: true,
      description:
        'Up to 5 words, each matched (case-insensitive, anywhere) against the username, first name or last name.',
    })
    search?: string,
    @Arg('first', () => Int, {
      nullable: true,
      description: 'How many students: 1 or more, default 100; more than 100 gives 100.',
    })
    first?: number,
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
      "Issues the course's certificate to a student by hand, printing the student's current name and the course's current title. Idempotent: a student who has one gets it back (`alreadyIssued`), revoked or not. The course's instructor may issue only to students enrolled in it; staff to anyone. userErrors: NOT_FOUND (courseId, userId), FORBIDDEN (not the caller's course), INVALID_INPUT (the student is not enrolled).",
  })
  certificateIssue(
    @Arg('input', { description: 'The course and the student.' }) input: CertificateIssueInput,
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
    description:
      'Revokes a valid certificate with a reason: its verification page shows it revoked, with the reason and date, and its PDF is marked revoked. userErrors: NOT_FOUND, FORBIDDEN (a course the caller does not teach; staff may revoke any), INVALID_INPUT (reason blank or over 500 characters, already revoked).',
  })
  certificateRevoke(
    @Arg('input', { description: 'The certificate and the reason.' }) input: CertificateRevokeInput,
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
      "Reissues a valid certificate, e.g. to correct the holder's name: a new certificate with a new number " +
      'and the same course title, template and issue date; in the same transaction the old one is revoked ' +
      'with the reason "Reissued as DRX-…: <reason>" and its verification links the new one. userErrors: ' +
      'NOT_FOUND, FORBIDDEN (a course the caller does not teach; staff may reissue any), INVALID_INPUT ' +
      '(reason blank or over 400 characters, bad holderName, the certificate is revoked: reinstate it first), ' +
      'CONFLICT (already reissued, or revoked or reissued meanwhile).',
  })
  certificateReissue(
    @Arg('input', { description: 'The certificate, the name to print and the reason.' })
    input: CertificateReissueInput,
    @Ctx() ctx: Context,
  ): Promise<CertificateReissuePayload> {
    return payload<Omit<CertificateReissuePayload, 'userErrors'>>(
      () => ctx.services.certificates.reissue(ctx.user!, input),
      { certificate: null, previousCertificate: null },
    );
  }

  @Mutation(() => CertificateReinstatePayload, {
    description:
      'Makes a revoked certificate valid again, clearing its revocation date and reason. userErrors: NOT_FOUND, FORBIDDEN (not staff), INVALID_INPUT (not revoked, or replaced by a reissue: the new one is the valid one).',
  })
  certificateReinstate(
    @Arg('input', { description: 'The certificate to reinstate.' }) input: CertificateReinstateInput,
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
