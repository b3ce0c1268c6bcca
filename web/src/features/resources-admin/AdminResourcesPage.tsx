import { Heading, Stack, Text } from '@chakra-ui/react';
import { PackageX } from 'lucide-react';
import { useState } from 'react';
import { ConnectionListFrame } from '../../ui/ConnectionListFrame';
import { ListCount, ListToolbar, SearchField, StatusSelect } from '../../ui/ListToolbar';
import { useDebouncedSearch } from '../../ui/useDebouncedSearch';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { ModerationTable, STATUS_LABEL } from './ModerationTable';
import { AdminResourcesQueryDocument } from './resourceModeration';

const PAGE_SIZE = 25;
const STATUS_OPTIONS = Object.entries(STATUS_LABEL).map(([value, label]) => ({ value, label }));

/** /admin/resources and /admin/curriculum: every resource, with status filter, search and moderation. */
export default function AdminResourcesPage() {
  useDocumentTitle('Curriculum store');
  const [status, setStatus] = useState('');
  const { text, setText, search } = useDebouncedSearch();

  const { query, pager, connection } = usePagedConnection(
    AdminResourcesQueryDocument,
    'adminResources',
    { first: PAGE_SIZE, status: status || null, search: search || null },
    { errorTitle: 'More resources could not be loaded', filterKey: `${status}\u0000${search}` },
  );

  return (
    <Stack gap={6} maxW="6xl" mx="auto">
      <Stack gap={1}>
        <Heading as="h1" size="2xl">
          Curriculum store
        </Heading>
        <Text color="fg.muted">
          Every resource of every seller: approve drafts, reject with a reason, and choose the featured set.
        </Text>
      </Stack>
      <ListToolbar>
        <SearchField value={text} onChange={setText} placeholder="Title or description" />
        <StatusSelect value={status} onChange={setStatus} options={STATUS_OPTIONS} />
        {connection ? (
          <ListCount count={connection.totalCount} singular="resource" plural="resources" />
        ) : null}
      </ListToolbar>
      <ConnectionListFrame
        connection={connection}
        loading={query.loading}
        error={query.error}
        pager={pager}
        loadingLabel="Loading resources…"
        errorTitle="The resources could not be loaded"
        emptyIcon={<PackageX />}
        emptyTitle="No resources match"
      >
        {(resources) => <ModerationTable resources={resources} />}
      </ConnectionListFrame>
    </Stack>
  );
}
