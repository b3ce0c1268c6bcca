import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LayoutTemplate } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { CertificateListPanel } from './CertificateListPanel';

/** /admin/certificates — every certificate: search, filter, revoke with a reason, reinstate. */
export default function AdminCertificatesPage() {
  useDocumentTitle('Certificates');
  return (
    <Stack gap={6} maxW="7xl" mx="auto">
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap={4}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Certificates
          </Heading>
          <Text color="fg.muted">
            Every certificate issued on DRX. Revoked certificates show as revoked, with the reason, on the
            public verification page.
          </Text>
        </Stack>
        <HStack align="flex-start">
          <Button asChild variant="outline" bg="bg">
            <RouterLink to="/certificate-templates">
              <LayoutTemplate size={16} aria-hidden /> Certificate templates
            </RouterLink>
          </Button>
        </HStack>
      </Stack>
      <CertificateListPanel scope="admin" />
    </Stack>
  );
}
