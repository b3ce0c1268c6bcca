import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Card,
  Container,
  DataList,
  Heading,
  HStack,
  Link,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { ArrowLeft, Copy, Download, ShieldCheck } from 'lucide-react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { PageSpinner } from '../../ui/PageSpinner';
import { toaster } from '../../ui/toaster';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { CertificateStatusBadge } from './CertificateStatusBadge';
import { CertificateView } from './CertificateView';
import { formatCertificateDate, verifyPath } from './certificateText';

const CertificateQueryDocument = graphql(`
  query Certificate($id: ID!) {
    certificate(id: $id) {
      id
      number
      status
      issuedAt
      revokedAt
      revokeReason
      replacedBy {
        id
        number
      }
      studentName
      courseTitle
      courseId
      verificationUrl
      verificationQrCode {
        size
        path
      }
      pdfUrl
      mergeFields {
        studentName
        courseTitle
        issuedOn
        certificateNumber
        instructorName
      }
      template {
        id
        heading
        body
        signatoryName
        signatoryTitle
        accentColor
      }
    }
  }
`);

/** /certificates/:certificateId — one certificate, rendered from its template, with its PDF. */
export default function CertificatePage() {
  const { certificateId = '' } = useParams();
  const { data, loading, error } = useQuery(CertificateQueryDocument, {
    variables: { id: certificateId },
    fetchPolicy: 'cache-and-network',
  });
  const certificate = data?.certificate;
  useDocumentTitle(certificate ? `Certificate ${certificate.number}` : 'Certificate');

  if (loading && !data) return <PageSpinner label="Loading certificate..." />;

  if (error && !data) {
    return (
      <Container maxW="3xl" py={12}>
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The certificate could not be loaded</Alert.Title>
            <Alert.Description>{error.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Container>
    );
  }

  if (!certificate) {
    return (
      <Container maxW="3xl" py={{ base: 12, md: 20 }}>
        <Stack gap={5} align="flex-start">
          <Heading as="h1" size="2xl">
            Certificate not found
          </Heading>
          <Text color="fg.muted">
            There is no certificate at this address, or it is not yours to see. To check someone's
            certificate, use its number on the verification page.
          </Text>
          <HStack>
            <Button asChild>
              <RouterLink to="/my-certifications">My certifications</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Container>
    );
  }

  const revoked = certificate.status === 'revoked';

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(certificate!.verificationUrl);
      toaster.create({ title: 'Verification link copied', type: 'success' });
    } catch {
      toaster.create({
        title: 'The link could not be copied',
        description: certificate!.verificationUrl,
        type: 'error',
      });
    }
  }

  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Link asChild color="fg.muted" fontSize="sm" alignSelf="flex-start">
          <RouterLink to="/my-certifications">
            <ArrowLeft size={14} aria-hidden /> My certifications
          </RouterLink>
        </Link>
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap={4}>
          <Stack gap={1}>
            <HStack gap={3} wrap="wrap">
              <Heading as="h1" size="2xl">
                {certificate.courseTitle}
              </Heading>
              <CertificateStatusBadge status={certificate.status} />
            </HStack>
            <Text color="fg.muted">
              Certificate {certificate.number} · issued to {certificate.studentName} on{' '}
              {formatCertificateDate(certificate.issuedAt)}
            </Text>
          </Stack>
          <Wrap gap={2} align="flex-start">
            {/* A plain link: the browser downloads the server-made PDF with the session cookie. */}
            <Button asChild>
              <a href={certificate.pdfUrl} download>
                <Download size={16} aria-hidden /> Download PDF
              </a>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={verifyPath(certificate.number)}>
                <ShieldCheck size={16} aria-hidden /> Verification page
              </RouterLink>
            </Button>
          </Wrap>
        </Stack>

        {revoked ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                This certificate was revoked on {formatCertificateDate(certificate.revokedAt)}
              </Alert.Title>
              <Alert.Description>Reason: {certificate.revokeReason || 'none given'}</Alert.Description>
              {certificate.replacedBy ? (
                <Alert.Description>
                  The valid certificate is{' '}
                  <Link asChild fontWeight="semibold">
                    <RouterLink to={`/certificates/${encodeURIComponent(certificate.replacedBy.id)}`}>
                      {certificate.replacedBy.number}
                    </RouterLink>
                  </Link>
                  .
                </Alert.Description>
              ) : null}
            </Alert.Content>
          </Alert.Root>
        ) : null}

        <CertificateView
          template={certificate.template}
          fields={certificate.mergeFields}
          verificationUrl={certificate.verificationUrl}
          qrCode={certificate.verificationQrCode}
          revoked={revoked ? { revokedAt: certificate.revokedAt, reason: certificate.revokeReason } : null}
        />

        <Card.Root variant="outline">
          <Card.Body>
            <DataList.Root orientation="horizontal" size="md">
              <DataList.Item>
                <DataList.ItemLabel>Certificate number</DataList.ItemLabel>
                <DataList.ItemValue fontFamily="mono">{certificate.number}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Student</DataList.ItemLabel>
                <DataList.ItemValue>{certificate.studentName}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Course</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Link asChild color="brand.fg">
                    <RouterLink to={`/courses/${encodeURIComponent(certificate.courseId)}`}>
                      {certificate.courseTitle}
                    </RouterLink>
                  </Link>
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Instructor</DataList.ItemLabel>
                <DataList.ItemValue>{certificate.mergeFields.instructorName}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Issued on</DataList.ItemLabel>
                <DataList.ItemValue>{formatCertificateDate(certificate.issuedAt)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Verification link</DataList.ItemLabel>
                <DataList.ItemValue>
                  <HStack gap={2} wrap="wrap">
                    <Link asChild color="brand.fg" wordBreak="break-all">
                      <RouterLink to={verifyPath(certificate.number)}>
                        {certificate.verificationUrl}
                      </RouterLink>
                    </Link>
                    <Button size="xs" variant="ghost" onClick={() => void copyLink()}>
                      <Copy size={14} aria-hidden /> Copy
                    </Button>
                  </HStack>
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
