import {
  Box,
  Container,
  Flex,
  Heading,
  HStack,
  IconButton,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Facebook, Instagram, Mail, MapPin, Music2, Youtube, type LucideIcon } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { CONTACT_CITY, CONTACT_EMAIL } from '../features/misc';
import { copyrightLine, FOOTER_LINK_GROUPS, SOCIAL_LINKS, type SocialNetwork } from './footerLinks';

const SOCIAL_ICONS: Record<SocialNetwork, LucideIcon> = {
  Instagram,
  YouTube: Youtube,
  Facebook,
  TikTok: Music2,
};

/** The public site's footer: link groups, social links, contact block and copyright. */
export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg.subtle" mt="auto">
      <Container maxW="7xl" py="12">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="10">
          <Stack gap="3">
            <Text fontSize="2xl" fontWeight="black" color="brand.solid">
              DRX
            </Text>
            <Text color="fg.muted" fontSize="sm">
              Certification courses, class-ready curriculum and instructors for dance educators.
            </Text>
            <HStack gap="1" role="group" aria-label="Social media">
              {SOCIAL_LINKS.map(({ label, href }) => {
                const Icon = SOCIAL_ICONS[label];
                return (
                  <IconButton key={label} asChild variant="ghost" size="sm" aria-label={label}>
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      <Icon />
                    </a>
                  </IconButton>
                );
              })}
            </HStack>
          </Stack>

          {FOOTER_LINK_GROUPS.map((group) => (
            <Stack key={group.heading} gap="3" as="nav" aria-label={group.heading}>
              <Heading as="h2" size="sm">
                {group.heading}
              </Heading>
              {group.links.map((link) => (
                <Link key={link.to} asChild color="fg.muted" fontSize="sm" _hover={{ color: 'brand.fg' }}>
                  <RouterLink to={link.to}>{link.label}</RouterLink>
                </Link>
              ))}
            </Stack>
          ))}

          <Stack gap="3" as="address" fontStyle="normal">
            <Heading as="h2" size="sm">
              Get in touch
            </Heading>
            <HStack gap="2" fontSize="sm" color="fg.muted">
              <Mail size={16} aria-hidden />
              <Link href={`mailto:${CONTACT_EMAIL}`} color="fg.muted" _hover={{ color: 'brand.fg' }}>
                {CONTACT_EMAIL}
              </Link>
            </HStack>
            <HStack gap="2" fontSize="sm" color="fg.muted">
              <MapPin size={16} aria-hidden />
              <Text>{CONTACT_CITY}</Text>
            </HStack>
          </Stack>
        </SimpleGrid>

        <Flex mt="10" pt="6" borderTopWidth="1px" justify="space-between" wrap="wrap" gap="2">
          <Text fontSize="sm" color="fg.muted">
            {copyrightLine()}
          </Text>
          <Text fontSize="sm" color="fg.subtle">
            Made for dance educators.
          </Text>
        </Flex>
      </Container>
    </Box>
  );
}
