import RoutePlaceholderPage from '../misc/RoutePlaceholderPage';

/** Placeholder until the courses issue (3) replaces it. */
export default function CertificateVerifyPage() {
  return <RoutePlaceholderPage title="Verify a certificate" />;
}
