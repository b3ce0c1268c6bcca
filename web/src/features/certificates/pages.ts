// The routed pages of features/certificates, loaded by router.tsx when their route first matches:
// import() only, so that each page stays its own chunk (docs/architecture.md, "Import rules").
export const CertificateVerifyPage = () => import('./CertificateVerifyPage');
export const MyCertificatesPage = () => import('./MyCertificatesPage');
export const CertificatePage = () => import('./CertificatePage');
export const CertificateTemplatesPage = () => import('./CertificateTemplatesPage');
export const InstructorCertificatesPage = () => import('./InstructorCertificatesPage');
export const InstructorCertificateIssuePage = () => import('./InstructorCertificateIssuePage');
export const AdminCertificatesPage = () => import('./AdminCertificatesPage');
