import { allow, rule } from 'graphql-shield';
import { withAudience } from '../../graphql/audience';
import type { Context } from '../../graphql/context';
import { forbidden, unauthenticated } from '../../graphql/errors';
import { isAuthenticated, isStaff } from '../../graphql/rules';
import { hasAnyRole, STAFF_ROLES } from '../users';

/** Staff and instructors (instructors act on their own courses only: the service checks that). */
export const isStaffOrInstructor = withAudience(
  rule({ cache: 'contextual' })((_parent, _args, ctx: Context) => {
    if (!ctx.user) return unauthenticated();
    return hasAnyRole(ctx.user, [...STAFF_ROLES, 'instructor']) ? true : forbidden();
  }),
  "instructors and staff (admins, curriculum officers); an instructor acts only on their own courses' certificates",
);

export const certificatesPermissions = {
  Query: {
    myCertificates: isAuthenticated,
    // Signed-in callers get null for a certificate that is not theirs to see.
    certificate: isAuthenticated,
    certificateVerify: allow,
    certificateTemplates: isStaffOrInstructor,
    adminCertificates: isStaff,
    instructorCertificates: isStaffOrInstructor,
    certificateIssueCourses: isStaffOrInstructor,
    certificateIssueCandidates: isStaffOrInstructor,
  },
  Mutation: {
    certificateTemplateCreate: isStaff,
    certificateTemplateUpdate: isStaff,
    certificateTemplateDelete: isStaff,
    certificateTemplateSetDefault: isStaff,
    certificateIssue: isStaffOrInstructor,
    certificateRevoke: isStaffOrInstructor,
    certificateReissue: isStaffOrInstructor,
    certificateReinstate: isStaff,
  },
  // Reached only through the queries above, which decide who sees which certificate.
  Certificate: allow,
  CertificateTemplate: { '*': allow, certificateCount: isStaffOrInstructor },
  CertificateMergeFields: allow,
  QrCode: allow,
  CertificateVerification: allow,
  CertificateConnection: allow,
  CertificateEdge: allow,
  CertificateIssueCourse: allow,
  CertificateIssueCandidate: allow,
  CertificateTemplateCreatePayload: allow,
  CertificateTemplateUpdatePayload: allow,
  CertificateTemplateDeletePayload: allow,
  CertificateTemplateSetDefaultPayload: allow,
  CertificateIssuePayload: allow,
  CertificateRevokePayload: allow,
  CertificateReissuePayload: allow,
  CertificateReinstatePayload: allow,
};
