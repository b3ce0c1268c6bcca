import { Box, Card, Icon, LinkBox, LinkOverlay } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';

export interface DashboardLink {
  title: string;
  description: string;
  to: string;
  icon: LucideIcon;
}

/** A whole-card link to one area of the product, as used on the dashboards. */
export function DashboardLinkCard({ title, description, to, icon: LinkIcon }: DashboardLink) {
  return (
    <LinkBox asChild>
      <Card.Root
        variant="outline"
        h="full"
        transition="box-shadow 0.2s, border-color 0.2s"
        _hover={{ shadow: 'md', borderColor: 'brand.solid' }}
        _focusWithin={{
          outline: '2px solid',
          outlineColor: 'brand.focusRing',
          outlineOffset: '2px',
        }}
      >
        <Card.Body gap={3}>
          <Box bg="brand.muted" color="brand.fg" borderRadius="lg" p={2.5} w="fit-content">
            <Icon boxSize={5}>
              <LinkIcon />
            </Icon>
          </Box>
          <Card.Title as="h2" fontSize="lg">
            <LinkOverlay asChild>
              <RouterLink to={to}>{title}</RouterLink>
            </LinkOverlay>
          </Card.Title>
          <Card.Description>{description}</Card.Description>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
