import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Dialog,
  HStack,
  Link,
  Menu,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ArrowLeft, Ban, EllipsisVertical } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ConversationSummaryFragment } from '../../gql/graphql';
import { Avatar } from '../../ui/Avatar';
import { FormDialog } from '../../ui/FormDialog';
import { useCourseMutation } from '../courses';
import { UserBlockMutationDocument, UserUnblockMutationDocument } from './messageDocuments';
import { contextLabel, peopleNames } from './messagesFormat';

const REFRESH = ['ConversationThread', 'Conversations'];

/** The top of an open conversation: who it is with, its subject and context, and block / unblock. */
export function ThreadHeader({
  conversation,
  backTo,
}: {
  conversation: ConversationSummaryFragment;
  backTo: string;
}) {
  const other = conversation.otherParticipants[0];
  const names = peopleNames(conversation.otherParticipants);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const block = useCourseMutation(UserBlockMutationDocument, 'Not blocked', REFRESH);
  const unblock = useCourseMutation(UserUnblockMutationDocument, 'Not unblocked', REFRESH);

  return (
    <HStack gap={3} px={4} py={3} borderBottomWidth="1px" align="center">
      <Button asChild variant="ghost" size="sm" px={1} hideFrom="md" aria-label="All conversations">
        <RouterLink to={backTo}>
          <ArrowLeft aria-hidden />
        </RouterLink>
      </Button>
      {other ? (
        <Avatar src={other.profileImageUrl} username={other.username} name={other.displayName} size="md" />
      ) : null}
      <Stack gap={0} flex="1" minW={0}>
        <HStack gap={2}>
          <Text as="h2" fontWeight="semibold" textStyle="lg" truncate>
            {names}
          </Text>
          {conversation.blockedByMe ? <Badge colorPalette="red">Blocked</Badge> : null}
        </HStack>
        {conversation.subject ? (
          <Text textStyle="sm" truncate>
            {conversation.subject}
          </Text>
        ) : null}
        {conversation.context ? (
          <Link asChild textStyle="xs" color="fg.muted" truncate>
            <RouterLink to={conversation.context.url}>{contextLabel(conversation.context)}</RouterLink>
          </Link>
        ) : null}
      </Stack>
      {other ? (
        <Menu.Root positioning={{ placement: 'bottom-end' }}>
          <Menu.Trigger asChild>
            <Button variant="ghost" size="sm" px={1} aria-label="Conversation actions">
              <EllipsisVertical aria-hidden />
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {conversation.blockedByMe ? (
                  <Menu.Item
                    value="unblock"
                    onSelect={() =>
                      void unblock.run({ userId: other.id }, `${other.displayName} is unblocked`)
                    }
                  >
                    Unblock {other.displayName}
                  </Menu.Item>
                ) : (
                  <Menu.Item value="block" color="fg.error" onSelect={() => setConfirmBlock(true)}>
                    <Ban aria-hidden size={16} /> Block {other.displayName}
                  </Menu.Item>
                )}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      ) : null}
      {other ? (
        <FormDialog open={confirmBlock} onClose={() => setConfirmBlock(false)} role="alertdialog">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Block {other.displayName}?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                {other.displayName} will not be able to send you messages or start new conversations with you.
                You can unblock them here at any time.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                loading={block.loading}
                loadingText="Blocking…"
                onClick={async () => {
                  if (await block.run({ userId: other.id }, `${other.displayName} is blocked`))
                    setConfirmBlock(false);
                }}
              >
                Block
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </FormDialog>
      ) : null}
    </HStack>
  );
}

/** Instead of the composer while I block the other person: why, and Unblock. */
export function UnblockNotice({ userId, name }: { userId: string; name: string }) {
  const unblock = useCourseMutation(UserUnblockMutationDocument, 'Not unblocked', REFRESH);
  return (
    <Alert.Root status="info" alignItems="center">
      <Alert.Indicator />
      <Alert.Title flex="1">You blocked {name}: neither of you can send messages here.</Alert.Title>
      <Button
        size="sm"
        variant="outline"
        loading={unblock.loading}
        onClick={() => void unblock.run({ userId }, `${name} is unblocked`)}
      >
        Unblock
      </Button>
    </Alert.Root>
  );
}
