import type { GraphRoute } from '../../rest/graph-route';

const VERIFICATION_FIELDS = `
  number valid status studentName courseTitle issuedAt revokedAt revokeReason instructorName
  replacedByNumber replacesNumber
`;

const CERTIFICATE_FIELDS = `
  id number status issuedAt revokedAt revokeReason studentName courseTitle courseId verificationUrl pdfUrl
`;

/** REST rows of the certificates module (the PDF download is a streaming route: certificate-pdf.route.ts). */
export const certificatesRoutes: GraphRoute[] = [
  {
    method: 'get',
    path: '/certificates',
    operation: `query MyCertificates { myCertificates { ${CERTIFICATE_FIELDS} } }`,
  },
  {
    method: 'get',
    path: '/certificates/verify/:number',
    operation: `query CertificateVerify($number: String!) {
      certificateVerify(number: $number) { ${VERIFICATION_FIELDS} } }`,
    variables: (req) => ({ number: String(req.params.number) }),
    whenNull: { status: 404, message: 'No certificate with this number' },
  },
  {
    method: 'get',
    path: '/certificates/:id',
    operation: `query Certificate($id: ID!) { certificate(id: $id) { ${CERTIFICATE_FIELDS} } }`,
    variables: (req) => ({ id: String(req.params.id) }),
    whenNull: { status: 404, message: 'Certificate not found' },
  },
];
