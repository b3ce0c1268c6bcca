import { Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { PageIntro } from '../../ui/PageIntro';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { CONTACT_EMAIL, INFO_PAGES, type InfoPageKey } from './infoPages';

function formatDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** A short informational page (blog, contact, terms, privacy, cookies) from the footer. */
export default function InfoPage({ page }: { page: InfoPageKey }) {
  const content = INFO_PAGES[page];
  useDocumentTitle(content.title);
  return (
    <Container maxW="3xl" py={{ base: '10', md: '16' }}>
      <Stack gap="8">
        <PageIntro title={content.title} intro={content.intro}>
          {content.updated ? (
            <Text fontSize="sm" color="fg.subtle">
              Last updated {formatDate(content.updated)}
            </Text>
          ) : null}
        </PageIntro>
        {content.sections.map((section) => (
          <Stack as="section" gap="2" key={section.heading}>
            <Heading as="h2" size="lg">
              {section.heading}
            </Heading>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
          </Stack>
        ))}
        <Text color="fg.muted">
          Questions? Email{' '}
          <Link href={`mailto:${CONTACT_EMAIL}`} color="brand.fg">
            {CONTACT_EMAIL}
          </Link>
          .
        </Text>
      </Stack>
    </Container>
  );
}
