import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  DataList,
  Field,
  Heading,
  HStack,
  Input,
  Link,
  Stack,
  Text,
} from '@chakra-ui/react';
import { BadgeCheck, Ban, SearchX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { formatCertificateDate, normalizeCertificateNumber, verifyPath } from './certificateText';

const CertificateVerifyQueryDocument = graphql(`
  query CertificateVerify($number: String!) {
    certificateVerify(number: $number) {
      number
      valid
      status
      studentName
      courseTitle
      issuedAt
      revokedAt
      revokeReason
      instructorName
      replacedByNumber
      replacesNumber
    }
  }
`);

/** /verify/:certificateNumber — public: is this certificate number valid? (The PDF's QR code opens it.) */
export default function CertificateVerifyPage() {
  const { certificateNumber = '' } = useParams();
  const number = normalizeCertificateNumber(certificateNumber);
  useDocumentTitle(`Verify certificate ${number}`);
  const { data, loading, error } = useQuery(CertificateVerifyQueryDocument, {
    variables: { number },
    skip: !number,
    // Revocations must show at once: always ask the server.
    fetchPolicy: 'network-only',
  });
  const result = data?.certificateVerify;

  return (
    <Container maxW="3xl" py={{ base: 8, md: 14 }}>
      <Stack gap={8}>
        <Stack gap={1}>
          <Text
            color="fg.muted"
            fontSize="sm"
            fontWeight="medium"
            textTransform="uppercase"
            letterSpacing="wide"
          >
            Certificate verification
          </Text>
          <Heading as="h1" size="2xl" fontFamily="mono" wordBreak="break-all">
            {number || 'Verify a certificate'}
          </Heading>
        </Stack>

        {!number ? null : loading && !data ? (
          <PageSpinner label="Checking the certificate..." minHeight="10rem" />
        ) : error && !data ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>The certificate could not be checked</Alert.Title>
              <Alert.Description>{error.message}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : !result ? (
          <Verdict
            tone="gray"
            icon={<SearchX size={36} aria-hidden />}
            title="No certificate with this number"
          >
            <Text>
              Check the number for typing mistakes. DRX certificate numbers look like DRX-2026-7K3QF9XH and
              never use the letters O or I.
            </Text>
          </Verdict>
        ) : (
          <Verdict
            tone={result.valid ? 'green' : 'red'}
            icon={result.valid ? <BadgeCheck size={36} aria-hidden /> : <Ban size={36} aria-hidden />}
            title={result.valid ? 'Valid certificate' : 'This certificate has been revoked'}
          >
            {result.valid ? (
              <Text>
                DRX issued this certificate to {result.studentName} for completing {result.courseTitle}.
              </Text>
            ) : (
              <Stack gap={1}>
                <Text>
                  It was revoked on {formatCertificateDate(result.revokedAt)} and no longer certifies
                  completion of the course.
                </Text>
                <Text fontWeight="semibold">Reason: {result.revokeReason || 'none given'}</Text>
                {result.replacedByNumber ? (
                  <Text>
                    It was reissued as{' '}
                    <Link asChild fontWeight="semibold" fontFamily="mono">
                      <RouterLink to={verifyPath(result.replacedByNumber)}>
                        {result.replacedByNumber}
                      </RouterLink>
                    </Link>
                    , which is the certificate to check.
                  </Text>
                ) : null}
              </Stack>
            )}
            {result.valid && result.replacesNumber ? (
              <Text>
                It replaces certificate{' '}
                <Link asChild fontFamily="mono">
                  <RouterLink to={verifyPath(result.replacesNumber)}>{result.replacesNumber}</RouterLink>
                </Link>
                , which was reissued.
              </Text>
            ) : null}
            <DataList.Root orientation="horizontal" mt={4}>
              <DataList.Item>
                <DataList.ItemLabel>Student</DataList.ItemLabel>
                <DataList.ItemValue>{result.studentName}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Course</DataList.ItemLabel>
                <DataList.ItemValue>{result.courseTitle}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Issued on</DataList.ItemLabel>
                <DataList.ItemValue>{formatCertificateDate(result.issuedAt)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Instructor</DataList.ItemLabel>
                <DataList.ItemValue>{result.instructorName}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Certificate number</DataList.ItemLabel>
                <DataList.ItemValue fontFamily="mono">{result.number}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          </Verdict>
        )}

        <CheckAnotherForm key={number} initial={number} />
      </Stack>
    </Container>
  );
}

function Verdict({
  tone,
  icon,
  title,
  children,
}: {
  tone: 'green' | 'red' | 'gray';
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card.Root
      variant="outline"
      borderColor={`${tone}.emphasized`}
      borderTopWidth="6px"
      borderTopColor={`${tone}.solid`}
      role="status"
    >
      <Card.Body>
        <HStack align="flex-start" gap={4}>
          <Box color={`${tone}.fg`} flexShrink={0}>
            {icon}
          </Box>
          <Stack gap={2} flex="1" minW="0">
            <Heading as="h2" size="xl" color={`${tone}.fg`}>
              {title}
            </Heading>
            {children}
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function CheckAnotherForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const normalized = normalizeCertificateNumber(value);

  function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (normalized) navigate(verifyPath(normalized));
  }

  return (
    <Box as="form" onSubmit={submit} borderTopWidth="1px" pt={6}>
      <Stack direction={{ base: 'column', sm: 'row' }} gap={3} align={{ sm: 'flex-end' }}>
        <Field.Root flex="1">
          <Field.Label>{initial ? 'Check another certificate' : 'Certificate number'}</Field.Label>
          <Input
            name="number"
            placeholder="DRX-2026-7K3QF9XH"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            fontFamily="mono"
          />
        </Field.Root>
        <Button type="submit" disabled={!normalized}>
          Verify
        </Button>
      </Stack>
    </Box>
  );
}
