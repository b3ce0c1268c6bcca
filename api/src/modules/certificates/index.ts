/** The certificates module's front door: what other modules may use of it. */
export { qrSvgPath } from './certificate-qr';
export { reinstateCertificatesAfterRefund, revokeCertificatesForRefund } from './certificate-refunds';
export { Certificate } from './certificate.entity';
export { registerCourseAccessSql } from './course-access-sql';
export { exportCertificatesData, eraseCertificatesData } from './personal-data';
export { CertificateTemplate } from './certificate-template.entity';
export { courseCertificateCount } from './certificate-counts';
