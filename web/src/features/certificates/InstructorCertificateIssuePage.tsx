import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  EmptyState,
  Field,
  Heading,
  HStack,
  Input,
  InputGroup,
  Link,
  NativeSelect,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { ArrowLeft, Award, Search, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { PageSpinner } from '../../ui/PageSpinner';
import { toaster } from '../../ui/toaster';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { canEnterAdminArea, hasRole, useCurrentUser } from '../auth';
import { CertificateStatusBadge } from './CertificateStatusBadge';
import { formatCertificateDate } from './certificateText';
import { type IssuedCertificate, useCertificateIssue } from './useCertificateActions';

const IssueCoursesQueryDocument = graphql(`
  query CertificateIssuePageCourses {
    certificateIssueCourses {
      id
      title
      enrolledCount
      certificateCount
    }
  }
`);

const IssueCandidatesQueryDocument = graphql(`
  query CertificateIssueCandidates($courseId: ID!, $search: String) {
    certificateIssueCandidates(courseId: $courseId, search: $search, first: 50) {
      studentName
      enrolledAt
      completedAt
      user {
        id
        username
      }
      certificate {
        id
        number
        status
      }
    }
  }
`);

const SEARCH_DEBOUNCE_MS = 300;

/** /instructor/certificates/issue — issue a certificate by hand to a student of one of my courses. */
export default function InstructorCertificateIssuePage() {
  useDocumentTitle('Issue a certificate');
  const { user, loading } = useCurrentUser();
  if (loading || user === undefined) return <PageSpinner />;
  const allowed = hasRole(user, 'instructor') || canEnterAdminArea(user);

  return (
    <Stack gap={6} maxW="5xl" mx="auto">
      <Link asChild color="fg.muted" fontSize="sm" alignSelf="flex-start">
        <RouterLink to="/instructor/certificates">
          <ArrowLeft size={14} aria-hidden /> Certificates
        </RouterLink>
      </Link>
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Issue a certificate
        </Heading>
        <Text color="fg.muted">
          Students get their certificate automatically when they complete a course. Issue one by hand when a
          student finished the course in another way, for example in a live class.
        </Text>
      </Stack>
      {allowed ? (
        <IssueForm />
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>Only instructors can issue certificates for their courses.</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}

function IssueForm() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const courseId = params.get('course') ?? '';
  const courses = useQuery(IssueCoursesQueryDocument, { fetchPolicy: 'cache-and-network' });
  const courseList = courses.data?.certificateIssueCourses;

  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const candidates = useQuery(IssueCandidatesQueryDocument, {
    variables: { courseId, search: search || null },
    skip: !courseId,
    fetchPolicy: 'cache-and-network',
  });
  const { issue, loading: issuing } = useCertificateIssue();
  const [issuingFor, setIssuingFor] = useState<string | null>(null);
  const [issued, setIssued] = useState<IssuedCertificate | null>(null);

  function chooseCourse(id: string) {
    const next = new URLSearchParams(params);
    if (id) next.set('course', id);
    else next.delete('course');
    setParams(next, { replace: true });
    setText('');
    setSearch('');
    setIssued(null);
  }

  async function onIssue(userId: string) {
    setIssuingFor(userId);
    const result = await issue(courseId, userId);
    setIssuingFor(null);
    if (!result) return;
    setIssued(result);
    toaster.create({
      title: result.alreadyIssued ? 'Certificate already issued' : 'Certificate issued',
      description: `${result.number} for ${result.studentName}`,
      type: 'success',
      action: { label: 'View', onClick: () => navigate(`/certificates/${encodeURIComponent(result.id)}`) },
    });
  }

  if (courses.error && !courseList) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Your courses could not be loaded</Alert.Title>
          <Alert.Description>{courses.error.message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (!courseList) return <PageSpinner label="Loading your courses..." minHeight="12rem" />;
  if (courseList.length === 0) {
    return (
      <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <Award />
          </EmptyState.Indicator>
          <EmptyState.Title>You do not teach a course yet</EmptyState.Title>
          <EmptyState.Description>
            Create a course first; its students can then receive certificates.
          </EmptyState.Description>
          <Button asChild>
            <RouterLink to="/instructor/courses/create">Create a course</RouterLink>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }

  const rows = candidates.data?.certificateIssueCandidates;

  return (
    <Stack gap={6}>
      <Card.Root variant="outline">
        <Card.Body>
          <Stack direction={{ base: 'column', md: 'row' }} gap={4} align={{ md: 'flex-end' }}>
            <Field.Root flex="1.4">
              <Field.Label>Course</Field.Label>
              <NativeSelect.Root bg="bg">
                <NativeSelect.Field
                  name="course"
                  value={courseId}
                  onChange={(e) => chooseCourse(e.target.value)}
                >
                  <option value="">Choose one of your courses</option>
                  {courseList.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title} ({c.enrolledCount} enrolled)
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root flex="1" disabled={!courseId}>
              <Field.Label>Find a student</Field.Label>
              <InputGroup startElement={<Search size={16} aria-hidden />} w="full">
                <Input
                  type="search"
                  name="student"
                  placeholder="Name or username"
                  value={text}
                  onChange={(e) => {
                    const value = e.target.value;
                    setText(value);
                    clearTimeout(timer.current);
                    timer.current = setTimeout(() => setSearch(value.trim()), SEARCH_DEBOUNCE_MS);
                  }}
                />
              </InputGroup>
            </Field.Root>
          </Stack>
        </Card.Body>
      </Card.Root>

      {issued ? (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {issued.alreadyIssued ? 'Already issued: ' : 'Certificate issued: '}
              {issued.number} for {issued.studentName}
            </Alert.Title>
            <Alert.Description>
              <Link asChild color="brand.fg" fontWeight="medium">
                <RouterLink to={`/certificates/${encodeURIComponent(issued.id)}`}>
                  View the certificate
                </RouterLink>
              </Link>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      {!courseId ? (
        <Text color="fg.muted">Choose a course to see its enrolled students.</Text>
      ) : candidates.error && !rows ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The students could not be loaded</Alert.Title>
            <Alert.Description>{candidates.error.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : !rows ? (
        <Center minH="8rem">
          <Spinner color="brand.solid" />
        </Center>
      ) : rows.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <Users />
            </EmptyState.Indicator>
            <EmptyState.Title>
              {search ? 'No enrolled student matches' : 'No students are enrolled yet'}
            </EmptyState.Title>
            <EmptyState.Description>
              Certificates can be issued only to students enrolled in the course.
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Student</Table.ColumnHeader>
                <Table.ColumnHeader whiteSpace="nowrap">Enrolled</Table.ColumnHeader>
                <Table.ColumnHeader>Progress</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Certificate</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.user.id}>
                  <Table.Cell>
                    <Text fontWeight="medium">{row.studentName}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      @{row.user.username}
                    </Text>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatCertificateDate(row.enrolledAt)}</Table.Cell>
                  <Table.Cell>
                    {row.completedAt ? (
                      <Badge colorPalette="green" variant="subtle">
                        Completed {formatCertificateDate(row.completedAt)}
                      </Badge>
                    ) : (
                      <Badge variant="subtle" colorPalette="gray">
                        In progress
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <HStack justify="flex-end" gap={2}>
                      {row.certificate ? (
                        <>
                          <CertificateStatusBadge status={row.certificate.status} />
                          <Link asChild color="brand.fg" fontFamily="mono" fontSize="sm">
                            <RouterLink to={`/certificates/${encodeURIComponent(row.certificate.id)}`}>
                              {row.certificate.number}
                            </RouterLink>
                          </Link>
                        </>
                      ) : (
                        <Button
                          size="xs"
                          onClick={() => void onIssue(row.user.id)}
                          loading={issuing && issuingFor === row.user.id}
                          disabled={issuing}
                          aria-label={`Issue certificate to ${row.studentName}`}
                        >
                          <Award size={14} aria-hidden /> Issue certificate
                        </Button>
                      )}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
