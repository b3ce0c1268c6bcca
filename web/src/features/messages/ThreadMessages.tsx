import { Box, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Flag } from 'lucide-react';
import { Fragment, useMemo } from 'react';
import type { ThreadMessageFragment } from '../../gql/graphql';
import { Avatar } from '../../ui/Avatar';
import { MessageAttachments } from './MessageAttachments';
import { dayLabel, messageTime } from './messagesFormat';
import { MessageText } from './MessageText';
import { groupMessages, seenMessageId } from './threadLayout';

/**
 * A thread's messages by day, in runs of one sender (mine on the right), with "Seen" under my
 * latest message the others have read, and a report button on each message of others.
 */
export function ThreadMessages({
  messages,
  onReport,
}: {
  messages: readonly ThreadMessageFragment[];
  onReport: (message: ThreadMessageFragment) => void;
}) {
  const days = useMemo(() => groupMessages(messages), [messages]);
  const seenId = seenMessageId(messages);
  const now = new Date();

  return (
    <Stack gap={5}>
      {days.map((day) => (
        <Stack key={day.day} gap={3} as="section" aria-label={dayLabel(day.day, now)}>
          <Text textAlign="center" textStyle="xs" fontWeight="medium" color="fg.muted" aria-hidden>
            {dayLabel(day.day, now)}
          </Text>
          {day.groups.map((group) => {
            const sender = group.messages[0].sender;
            return (
              <HStack
                key={group.key}
                align="flex-start"
                gap={2}
                flexDirection={group.mine ? 'row-reverse' : 'row'}
                data-testid={group.mine ? 'my-messages' : 'their-messages'}
              >
                {group.mine ? null : (
                  <Avatar
                    src={sender.profileImageUrl}
                    username={sender.username}
                    name={sender.displayName}
                    size="sm"
                  />
                )}
                <Stack
                  gap={1}
                  maxW={{ base: '85%', md: '75%' }}
                  align={group.mine ? 'flex-end' : 'flex-start'}
                >
                  <Text textStyle="xs" color="fg.muted">
                    {group.mine ? 'You' : sender.displayName} · {messageTime(group.startedAt)}
                  </Text>
                  {group.messages.map((message) => (
                    <Fragment key={message.id}>
                      <HStack
                        gap={1}
                        align="center"
                        flexDirection={group.mine ? 'row-reverse' : 'row'}
                        className="group"
                      >
                        <Box
                          bg={group.mine ? 'brand.solid' : 'bg.muted'}
                          color={group.mine ? 'brand.contrast' : 'fg'}
                          px={3}
                          py={2}
                          borderRadius="xl"
                          data-testid="message"
                          data-message-id={message.id}
                        >
                          <MessageText body={message.body} />
                          <MessageAttachments attachments={message.attachments} />
                        </Box>
                        {group.mine ? null : (
                          <IconButton
                            size="2xs"
                            variant="ghost"
                            color="fg.subtle"
                            aria-label={`Report message from ${sender.displayName}`}
                            title="Report message"
                            onClick={() => onReport(message)}
                          >
                            <Flag />
                          </IconButton>
                        )}
                      </HStack>
                      {message.id === seenId ? (
                        <Text
                          textStyle="xs"
                          color="fg.muted"
                          data-testid="seen"
                          title={
                            message.seenAt ? `Seen at ${messageTime(String(message.seenAt))}` : undefined
                          }
                        >
                          Seen
                        </Text>
                      ) : null}
                    </Fragment>
                  ))}
                </Stack>
              </HStack>
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}
