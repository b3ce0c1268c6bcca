import { Button, Center } from '@chakra-ui/react';
import type { LoadMore } from './useLoadMore';

/** The centred "Load more" button under a paged list; nothing when there is no next page. */
export function LoadMoreButton({ pager, disabled }: { pager: LoadMore; disabled?: boolean }) {
  if (!pager.hasMore) return null;
  return (
    <Center>
      <Button
        variant="outline"
        bg="bg"
        onClick={() => void pager.loadMore()}
        loading={pager.loadingMore}
        loadingText="Loading…"
        disabled={disabled}
      >
        Load more
      </Button>
    </Center>
  );
}
