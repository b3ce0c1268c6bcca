import { HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import type { ThreadMessageFragment } from '../../gql/graphql';
import { fileSize } from './messagesFormat';

type Attachment = ThreadMessageFragment['attachments'][number];

/** A message's files: image thumbnails (open full size) and links to PDFs, served to participants only. */
export function MessageAttachments({ attachments }: { attachments: readonly Attachment[] }) {
  if (attachments.length === 0) return null;
  const images = attachments.filter((a) => a.isImage);
  const files = attachments.filter((a) => !a.isImage);
  return (
    <Stack gap={2} mt={2}>
      {images.length ? (
        <HStack gap={2} wrap="wrap">
          {images.map((a) => (
            <Link
              key={a.id}
              href={a.url}
              target="_blank"
              rel="noopener"
              aria-label={`Open image ${a.fileName}`}
            >
              <Image
                src={a.url}
                alt={a.fileName}
                maxH="40"
                maxW="60"
                objectFit="cover"
                borderRadius="md"
                borderWidth="1px"
                loading="lazy"
              />
            </Link>
          ))}
        </HStack>
      ) : null}
      {files.map((a) => (
        <Link
          key={a.id}
          href={a.url}
          target="_blank"
          rel="noopener"
          color="inherit"
          textDecoration="underline"
        >
          <FileText aria-hidden size={16} />
          <Text as="span">
            {a.fileName} ({fileSize(a.sizeBytes)})
          </Text>
        </Link>
      ))}
    </Stack>
  );
}
