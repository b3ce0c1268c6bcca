import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Card,
  Container,
  EmptyState,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Award, Download, Eye } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { graphql } from '../../gql';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { CertificateStatusBadge } from './CertificateStatusBadge';
import { formatCertificateDate } from './certificateText';

const MyCertificatesQueryDocument = graphql(`
  query MyCertificates {
    myCertificates {
      id
      number
      status
      issuedAt
      revokeReason
      courseTitle
      pdfUrl
    }
  }
`);

/** /my-certifications and /certificates: the certificates I have earned. */
export default function MyCertificatesPage() {
  useDocumentTitle('My certifications');
  const { data, loading, error } = useQuery(MyCertificatesQueryDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const certificates = data?.myCertificates;

  return (
    <Container maxW="6xl" py={{ base: 8, md: 12 }}>
      <Stack gap={8}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            My certifications
          </Heading>
          <Text color="fg.muted">
            Certificates you have earned by completing DRX courses. Anyone can check them with the certificate
            number.
          </Text>
        </Stack>

        {error && !certificates ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your certificates could not be loaded</Alert.Title>
              <Alert.Description>{error.message}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : loading && !certificates ? (
          <PageSpinner label="Loading your certificates..." minHeight="16rem" />
        ) : !certificates?.length ? (
          <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <Award />
              </EmptyState.Indicator>
              <EmptyState.Title>No certificates yet</EmptyState.Title>
              <EmptyState.Description>
                Complete every lesson and quiz of a course and its certificate appears here.
              </EmptyState.Description>
              <HStack>
                <Button asChild>
                  <RouterLink to="/my-courses">Go to My Courses</RouterLink>
                </Button>
                <Button asChild variant="outline">
                  <RouterLink to="/courses">Browse courses</RouterLink>
                </Button>
              </HStack>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={5} as="ul" listStyleType="none">
            {certificates.map((c) => (
              <Card.Root
                as="li"
                key={c.id}
                variant="outline"
                borderTopWidth="4px"
                borderTopColor="brand.solid"
              >
                <Card.Body gap={3}>
                  <HStack justify="space-between" align="flex-start" gap={3}>
                    <Award aria-hidden size={28} color="var(--chakra-colors-brand-solid)" />
                    <CertificateStatusBadge status={c.status} />
                  </HStack>
                  <Heading as="h2" size="md" lineHeight="short">
                    {c.courseTitle}
                  </Heading>
                  <Stack gap={0.5} fontSize="sm">
                    <Text>
                      <Text as="span" color="fg.muted">
                        Number:{' '}
                      </Text>
                      <Text as="span" fontFamily="mono">
                        {c.number}
                      </Text>
                    </Text>
                    <Text>
                      <Text as="span" color="fg.muted">
                        Issued:{' '}
                      </Text>
                      {formatCertificateDate(c.issuedAt)}
                    </Text>
                    {c.status === 'revoked' && c.revokeReason ? (
                      <Text color="red.fg">Revoked: {c.revokeReason}</Text>
                    ) : null}
                  </Stack>
                </Card.Body>
                <Card.Footer gap={2}>
                  <Button asChild size="sm">
                    <RouterLink
                      to={`/certificates/${encodeURIComponent(c.id)}`}
                      aria-label={`View the certificate for ${c.courseTitle}`}
                    >
                      <Eye size={16} aria-hidden /> View
                    </RouterLink>
                  </Button>
                  <Button asChild size="sm" variant="outline">
                    <a
                      href={c.pdfUrl}
                      download
                      aria-label={`Download PDF of the certificate for ${c.courseTitle}`}
                    >
                      <Download size={16} aria-hidden /> Download PDF
                    </a>
                  </Button>
                </Card.Footer>
              </Card.Root>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
