import { Box, Button, EmptyState, Heading, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Avatar } from '../../ui/Avatar';
import { LoadMoreButton } from '../../ui/LoadMoreButton';
import { PageSpinner } from '../../ui/PageSpinner';
import type { LoadMore } from '../../ui/useLoadMore';
import { AdminNotice, isForbiddenError } from '../admin';
import { InstructorCourseFilter } from '../learning';

interface InstructorListFrameProps<TRow> {
  title: string;
  description: string;
  courseId: string;
  onCourseChange: (courseId: string) => void;
  /** The sibling list, linked with the same course filter. */
  otherList: { label: string; path: string };
  error: Error | undefined;
  page: { totalCount: number; nodes: readonly TRow[] } | undefined;
  refreshing: boolean;
  pager: LoadMore;
  texts: {
    forbidden: string;
    loadError: string;
    loading: string;
    count: (totalCount: number) => string;
  };
  empty: { icon: ReactNode; title: string; description: string };
  /** The cells of the table's header row. */
  columns: ReactNode;
  /** A table row (with its key) for each loaded row. */
  renderRow: (row: TRow) => ReactNode;
}

/**
 * The frame of the instructor's learner lists (/instructor/students, /instructor/quizzes):
 * heading, course filter, notices, count, empty state, table and "Load more".
 */
export function InstructorListFrame<TRow>({
  title,
  description,
  courseId,
  onCourseChange,
  otherList,
  error,
  page,
  refreshing,
  pager,
  texts,
  empty,
  columns,
  renderRow,
}: InstructorListFrameProps<TRow>) {
  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{description}</Text>
      </Stack>
      <HStack justify="space-between" align="flex-end" gap={4} flexWrap="wrap">
        <InstructorCourseFilter value={courseId} onChange={onCourseChange} />
        <Button asChild variant="outline" bg="bg" size="sm">
          <RouterLink
            to={courseId ? `${otherList.path}?course=${encodeURIComponent(courseId)}` : otherList.path}
          >
            {otherList.label}
          </RouterLink>
        </Button>
      </HStack>

      {error && !page ? (
        isForbiddenError(error) ? (
          <AdminNotice title={texts.forbidden} />
        ) : (
          <AdminNotice status="error" title={texts.loadError} description={error.message} />
        )
      ) : !page ? (
        <PageSpinner label={texts.loading} minHeight="12rem" />
      ) : (
        <Stack gap={4}>
          <HStack gap={3} minH="6">
            <Text fontWeight="medium" aria-live="polite">
              {refreshing ? 'Loading…' : texts.count(page.totalCount)}
            </Text>
            {refreshing && <Spinner size="sm" color="brand.solid" />}
          </HStack>
          {page.nodes.length === 0 ? (
            <EmptyState.Root borderWidth="1px" borderRadius="l3" bg="bg">
              <EmptyState.Content>
                <EmptyState.Indicator>{empty.icon}</EmptyState.Indicator>
                <EmptyState.Title>{empty.title}</EmptyState.Title>
                <EmptyState.Description>{empty.description}</EmptyState.Description>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <Table.ScrollArea borderWidth="1px" borderRadius="l3" bg="bg">
              <Table.Root size="sm" opacity={refreshing ? 0.6 : 1}>
                <Table.Header>
                  <Table.Row>{columns}</Table.Row>
                </Table.Header>
                <Table.Body>{page.nodes.map(renderRow)}</Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
          <LoadMoreButton pager={pager} />
        </Stack>
      )}
    </Stack>
  );
}

interface Learner {
  id: string;
  username: string;
  displayName: string;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
}

/** The learner's picture, name (`name` renders it, e.g. as a link) and username in a row. */
export function LearnerCell({ user, name }: { user: Learner; name: (fullName: string) => ReactNode }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <Table.Cell>
      <HStack gap={3}>
        <Avatar
          src={user.profileImageUrl}
          username={user.username}
          name={fullName || user.displayName}
          size="sm"
        />
        <Box>
          {name(fullName || user.displayName)}
          <Text fontSize="xs" color="fg.muted">
            @{user.username}
          </Text>
        </Box>
      </HStack>
    </Table.Cell>
  );
}
