import { useQuery } from '@apollo/client/react';
import { Button, type ButtonProps } from '@chakra-ui/react';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../auth';
import { ComposeMessageDialog, type ComposeTarget } from './ComposeMessageDialog';
import { MessagingAllowedQueryDocument } from './messageDocuments';

/**
 * A "Message …" button that opens the compose dialog; shown only to a signed-in user who may write
 * to the recipient about this context (messagingAllowed), never to the recipient themself.
 */
export function MessageButton({
  target,
  label,
  inboxBase,
  ...buttonProps
}: {
  target: ComposeTarget;
  /** Default: "Message {name}". */
  label?: string;
  inboxBase?: string;
} & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const self = user?.id === target.recipientId;
  const { data } = useQuery(MessagingAllowedQueryDocument, {
    variables: { recipientId: target.recipientId, context: target.context ?? null },
    skip: !user || self,
    fetchPolicy: 'cache-and-network',
  });
  if (!user || self || !data?.messagingAllowed.allowed) return null;
  return (
    <>
      <Button variant="outline" size="sm" {...buttonProps} onClick={() => setOpen(true)}>
        <MessageSquare aria-hidden /> {label ?? `Message ${target.recipientName}`}
      </Button>
      <ComposeMessageDialog
        target={target}
        open={open}
        onClose={() => setOpen(false)}
        inboxBase={inboxBase}
      />
    </>
  );
}
