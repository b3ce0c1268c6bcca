import { Alert, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Award, LayoutTemplate } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { canEnterAdminArea, hasRole, useCurrentUser } from '../auth';
import { CertificateListPanel } from './CertificateListPanel';

/** /instructor/certificates — the certificates of my courses, with revoke. */
export default function InstructorCertificatesPage() {
  useDocumentTitle('Certificates');
  const { user, loading } = useCurrentUser();
  if (loading || user === undefined) return <PageSpinner />;
  const allowed = hasRole(user, 'instructor') || canEnterAdminArea(user);

  return (
    <Stack gap={6} maxW="7xl" mx="auto">
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap={4}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Certificates
          </Heading>
          <Text color="fg.muted">
            Certificates of the courses you teach. Students receive them automatically when they complete a
            course; you can also issue one by hand, or revoke one with a reason.
          </Text>
        </Stack>
        {allowed ? (
          <HStack align="flex-start" gap={2} wrap="wrap">
            <Button asChild variant="outline" bg="bg">
              <RouterLink to="/certificate-templates">
                <LayoutTemplate size={16} aria-hidden /> Templates
              </RouterLink>
            </Button>
            <Button asChild>
              <RouterLink to="/instructor/certificates/issue">
                <Award size={16} aria-hidden /> Issue a certificate
              </RouterLink>
            </Button>
          </HStack>
        ) : null}
      </Stack>
      {allowed ? (
        <CertificateListPanel scope="instructor" />
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>Only instructors can manage the certificates of their courses.</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
