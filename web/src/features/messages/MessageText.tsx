import { Link, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { linkify } from './linkify';

/**
 * A message's text as written: line breaks kept, web addresses as links that open in a new tab.
 * Rendered as text nodes and <a> elements only, never as HTML.
 */
export function MessageText({ body }: { body: string }) {
  const segments = useMemo(() => linkify(body), [body]);
  return (
    <Text whiteSpace="pre-wrap" overflowWrap="anywhere" textStyle="sm">
      {segments.map((segment, index) =>
        segment.kind === 'link' ? (
          <Link
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            color="inherit"
            textDecoration="underline"
          >
            {segment.text}
          </Link>
        ) : (
          segment.text
        ),
      )}
    </Text>
  );
}
