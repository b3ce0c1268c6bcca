import { Box, Center, Container, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ConversationList } from './ConversationList';
import { ConversationThread } from './ConversationThread';
import { messagesBasePath } from './messagesFormat';

/**
 * The inbox: /messages and /messages/:conversationId for everyone signed in, and the same inbox in
 * the instructor and seller areas (/instructor/messages…, /seller/messages…). Wide screens show the
 * list beside the open conversation; phones show one of them.
 */
export default function MessagesPage() {
  const { conversationId } = useParams();
  const { pathname } = useLocation();
  const base = messagesBasePath(pathname);
  const inWorkspace = base !== '/messages';
  return (
    <Frame workspace={inWorkspace} open={Boolean(conversationId)}>
      <Grid
        templateColumns={{ base: '1fr', md: 'minmax(16rem, 22rem) 1fr' }}
        h={
          inWorkspace ? 'calc(100dvh - 11rem)' : { base: 'calc(100dvh - 11rem)', md: 'calc(100dvh - 13rem)' }
        }
        minH="26rem"
        borderWidth="1px"
        borderRadius="lg"
        bg="bg"
        overflow="hidden"
      >
        {/* Unnamed: the list inside is already named "Conversations". */}
        <Box
          as="nav"
          hideBelow={conversationId ? 'md' : undefined}
          borderRightWidth={{ md: '1px' }}
          minH={0}
          h="full"
        >
          <ConversationList base={base} activeId={conversationId} />
        </Box>
        <Box
          as="section"
          aria-label="Conversation"
          hideBelow={conversationId ? undefined : 'md'}
          minH={0}
          h="full"
        >
          {conversationId ? (
            <ConversationThread key={conversationId} conversationId={conversationId} backTo={base} />
          ) : (
            <NoConversationOpen />
          )}
        </Box>
      </Grid>
    </Frame>
  );
}

function Frame({ workspace, open, children }: { workspace: boolean; open: boolean; children: ReactNode }) {
  // An open conversation renames the tab once it has loaded.
  useDocumentTitle('Messages');
  const heading = (
    <Stack gap={1}>
      <Heading as="h1" size="2xl">
        Messages
      </Heading>
      <Text color="fg.muted" hideBelow={open ? 'md' : undefined}>
        Your conversations with instructors, sellers, clients and staff.
      </Text>
    </Stack>
  );
  if (workspace) {
    return (
      <Stack gap={4}>
        {heading}
        {children}
      </Stack>
    );
  }
  return (
    <Container maxW="7xl" py={{ base: 4, md: 8 }}>
      <Stack gap={4}>
        {heading}
        {children}
      </Stack>
    </Container>
  );
}

function NoConversationOpen() {
  return (
    <Center h="full" p={6}>
      <Stack align="center" gap={2} color="fg.muted" textAlign="center">
        <MessagesSquare size={40} aria-hidden />
        <Text>Choose a conversation to read it.</Text>
        <Text textStyle="sm">
          To write to someone new, use “Message” on an instructor’s profile, a booking, a resource or a
          purchase.
        </Text>
      </Stack>
    </Center>
  );
}
