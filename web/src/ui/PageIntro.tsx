import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A page's h1 with its lead paragraph below (e.g. the footer pages and /contact); `children` follow. */
export function PageIntro({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack gap="3">
      <Heading as="h1" size="3xl">
        {title}
      </Heading>
      <Text fontSize="lg" color="fg.muted">
        {intro}
      </Text>
      {children}
    </Stack>
  );
}
