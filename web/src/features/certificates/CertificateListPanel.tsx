import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Center,
  EmptyState,
  Field,
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
import { Award, Download, RotateCcw, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { graphql } from '../../gql';
import { useSettlingText } from '../../ui/useSettlingText';
import type { CertificateRowFragment } from '../../gql/graphql';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { useLoadMore } from '../../ui/useLoadMore';
import { CertificateStatusBadge } from './CertificateStatusBadge';
import { formatCertificateDate } from './certificateText';
import { ReissueCertificateDialog } from './ReissueCertificateDialog';
import { RevokeCertificateDialog, type RevokeTarget } from './RevokeCertificateDialog';
import { useCertificateReinstate } from './useCertificateActions';

graphql(`
  fragment CertificateRow on Certificate {
    id
    number
    status
    issuedAt
    revokedAt
    revokeReason
    studentName
    courseTitle
    courseId
    pdfUrl
    user {
      id
      username
    }
    replacedBy {
      id
      number
    }
  }
`);

const AdminCertificatesQueryDocument = graphql(`
  query AdminCertificates($first: Int, $after: String, $search: String, $status: String) {
    adminCertificates(first: $first, after: $after, search: $search, status: $status) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...CertificateRow
      }
    }
  }
`);

const InstructorCertificatesQueryDocument = graphql(`
  query InstructorCertificates($first: Int, $after: String, $search: String, $status: String, $courseId: ID) {
    instructorCertificates(
      first: $first
      after: $after
      search: $search
      status: $status
      courseId: $courseId
    ) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...CertificateRow
      }
    }
  }
`);

const IssueCoursesQueryDocument = graphql(`
  query CertificateIssueCourses {
    certificateIssueCourses {
      id
      title
      enrolledCount
      certificateCount
    }
  }
`);

export const PAGE_SIZE = 25;

interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: CertificateRowFragment[];
}

/**
 * The searchable list of certificates: every certificate for staff (`scope="admin"`, with
 * reinstate), or those of my courses for instructors (`scope="instructor"`, with a course filter).
 * Filters live in the URL (`search`, `status`, `course`).
 */
export function CertificateListPanel({ scope }: { scope: 'admin' | 'instructor' }) {
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('search') ?? '';
  const status = params.get('status') ?? '';
  const courseId = params.get('course') ?? '';

  const latestParams = useRef(params);
  useEffect(() => {
    latestParams.current = params;
  }, [params]);

  const setParam = (name: 'search' | 'status' | 'course', value: string) => {
    const next = new URLSearchParams(latestParams.current);
    if (value) next.set(name, value);
    else next.delete(name);
    latestParams.current = next;
    setParams(next, { replace: true });
  };
  const { text, onText: onSearchChange } = useSettlingText(urlSearch, (value) =>
    setParam('search', value.trim()),
  );

  const variables = {
    first: PAGE_SIZE,
    search: urlSearch.trim() || null,
    status: status || null,
  };
  const admin = useQuery(AdminCertificatesQueryDocument, {
    variables,
    skip: scope !== 'admin',
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const instructor = useQuery(InstructorCertificatesQueryDocument, {
    variables: { ...variables, courseId: courseId || null },
    skip: scope !== 'instructor',
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const courses = useQuery(IssueCoursesQueryDocument, { skip: scope !== 'instructor' });

  const active = scope === 'admin' ? admin : instructor;
  const page: Page | undefined =
    scope === 'admin'
      ? (admin.data ?? admin.previousData)?.adminCertificates
      : (instructor.data ?? instructor.previousData)?.instructorCertificates;
  const refreshing = active.loading && !active.data;

  const pagerOptions = {
    errorTitle: 'More certificates could not be loaded',
    filterKey: `${urlSearch}\u0000${status}\u0000${courseId}`,
  };
  const adminPager = useLoadMore(admin, 'adminCertificates', pagerOptions);
  const instructorPager = useLoadMore(instructor, 'instructorCertificates', pagerOptions);
  const pager = scope === 'admin' ? adminPager : instructorPager;

  const [revokeTarget, setRevokeTarget] = useState<RevokeTarget | null>(null);
  const [reissueTarget, setReissueTarget] = useState<RevokeTarget | null>(null);
  const { reinstate, loading: reinstating } = useCertificateReinstate();
  const [reinstatingId, setReinstatingId] = useState<string | null>(null);

  async function onReinstate(id: string) {
    setReinstatingId(id);
    await reinstate(id);
    setReinstatingId(null);
  }

  const filtered = Boolean(urlSearch || status || courseId);

  return (
    <Stack gap={5}>
      <Stack direction={{ base: 'column', md: 'row' }} gap={4} align={{ md: 'flex-end' }}>
        <Field.Root flex="2">
          <Field.Label>Search certificates</Field.Label>
          <InputGroup startElement={<Search size={16} aria-hidden />} w="full">
            <Input
              type="search"
              name="search"
              bg="bg"
              placeholder={scope === 'admin' ? 'Number, student or course' : 'Number or student'}
              value={text}
              onChange={(e) => onSearchChange(e.target.value)}
            />
          </InputGroup>
        </Field.Root>
        {scope === 'instructor' ? (
          <Field.Root flex="1.5">
            <Field.Label>Course</Field.Label>
            <NativeSelect.Root bg="bg">
              <NativeSelect.Field
                name="course"
                value={courseId}
                onChange={(e) => setParam('course', e.target.value)}
              >
                <option value="">All my courses</option>
                {(courses.data?.certificateIssueCourses ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ) : null}
        <Field.Root flex="1">
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root bg="bg">
            <NativeSelect.Field
              name="status"
              value={status}
              onChange={(e) => setParam('status', e.target.value)}
            >
              <option value="">All</option>
              <option value="valid">Valid</option>
              <option value="revoked">Revoked</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Stack>

      {active.error && !page ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The certificates could not be loaded</Alert.Title>
            <Alert.Description>{active.error.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : !page ? (
        <Center minH="12rem">
          <Spinner size="lg" color="brand.solid" />
        </Center>
      ) : (
        <Stack gap={4}>
          <HStack gap={3} minH="6">
            <Text fontWeight="medium" aria-live="polite">
              {refreshing
                ? 'Searching…'
                : `${page.totalCount} certificate${page.totalCount === 1 ? '' : 's'}`}
            </Text>
            {refreshing && <Spinner size="sm" color="brand.solid" />}
          </HStack>

          {page.nodes.length === 0 ? (
            <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <Award />
                </EmptyState.Indicator>
                <EmptyState.Title>
                  {filtered ? 'No certificates match your search' : 'No certificates yet'}
                </EmptyState.Title>
                <EmptyState.Description>
                  {filtered
                    ? 'Try another number or name, or choose All.'
                    : scope === 'instructor'
                      ? 'Certificates appear here when students complete your courses, or when you issue one.'
                      : 'Certificates appear here when students complete courses.'}
                </EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
              <Table.Root size="sm" opacity={refreshing ? 0.6 : 1}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Certificate</Table.ColumnHeader>
                    <Table.ColumnHeader>Student</Table.ColumnHeader>
                    <Table.ColumnHeader>Course</Table.ColumnHeader>
                    <Table.ColumnHeader whiteSpace="nowrap">Issued</Table.ColumnHeader>
                    <Table.ColumnHeader>Status</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {page.nodes.map((c) => (
                    <Table.Row key={c.id}>
                      <Table.Cell>
                        <Link asChild color="brand.fg" fontFamily="mono" whiteSpace="nowrap">
                          <RouterLink to={`/certificates/${encodeURIComponent(c.id)}`}>{c.number}</RouterLink>
                        </Link>
                      </Table.Cell>
                      <Table.Cell>
                        <Text fontWeight="medium">{c.studentName}</Text>
                        <Text fontSize="xs" color="fg.muted">
                          @{c.user.username}
                        </Text>
                      </Table.Cell>
                      <Table.Cell>{c.courseTitle}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{formatCertificateDate(c.issuedAt)}</Table.Cell>
                      <Table.Cell>
                        <Stack gap={1} align="flex-start">
                          <CertificateStatusBadge status={c.status} />
                          {c.status === 'revoked' && c.revokeReason ? (
                            <Text
                              fontSize="xs"
                              color="fg.muted"
                              maxW="16rem"
                              lineClamp={2}
                              title={c.revokeReason}
                            >
                              {c.revokeReason}
                            </Text>
                          ) : null}
                          {c.replacedBy ? (
                            <Link asChild fontSize="xs" color="brand.fg">
                              <RouterLink to={`/certificates/${encodeURIComponent(c.replacedBy.id)}`}>
                                Reissued as {c.replacedBy.number}
                              </RouterLink>
                            </Link>
                          ) : null}
                        </Stack>
                      </Table.Cell>
                      <Table.Cell>
                        <HStack gap={1} justify="flex-end">
                          <Button asChild size="xs" variant="ghost">
                            <a href={c.pdfUrl} download aria-label={`Download PDF of ${c.number}`}>
                              <Download size={14} aria-hidden /> PDF
                            </a>
                          </Button>
                          {c.status === 'valid' ? (
                            <>
                              <Button
                                size="xs"
                                variant="outline"
                                onClick={() =>
                                  setReissueTarget({
                                    id: c.id,
                                    number: c.number,
                                    studentName: c.studentName,
                                    courseTitle: c.courseTitle,
                                  })
                                }
                                aria-label={`Reissue ${c.number}`}
                              >
                                Reissue
                              </Button>
                              <Button
                                size="xs"
                                variant="outline"
                                colorPalette="red"
                                onClick={() =>
                                  setRevokeTarget({
                                    id: c.id,
                                    number: c.number,
                                    studentName: c.studentName,
                                    courseTitle: c.courseTitle,
                                  })
                                }
                                aria-label={`Revoke ${c.number}`}
                              >
                                Revoke
                              </Button>
                            </>
                          ) : scope === 'admin' && !c.replacedBy ? (
                            <Button
                              size="xs"
                              variant="outline"
                              onClick={() => void onReinstate(c.id)}
                              loading={reinstating && reinstatingId === c.id}
                              aria-label={`Reinstate ${c.number}`}
                            >
                              <RotateCcw size={14} aria-hidden /> Reinstate
                            </Button>
                          ) : null}
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}

          <LoadMoreButton pager={pager} disabled={refreshing} />
        </Stack>
      )}

      <RevokeCertificateDialog target={revokeTarget} onClose={() => setRevokeTarget(null)} />
      <ReissueCertificateDialog target={reissueTarget} onClose={() => setReissueTarget(null)} />
    </Stack>
  );
}
