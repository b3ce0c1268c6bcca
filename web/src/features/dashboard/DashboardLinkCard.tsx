import { Box, Card, HStack, Icon, LinkBox, LinkOverlay } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface DashboardLink {
  title: string;
  description: string;
  to: string;
  icon: LucideIcon;
  /** Shown beside the icon, e.g. an unread count. */
  badge?: ReactNode;
}

/** A whole-card link to one area of the product, as used on the dashboards. */
export function DashboardLinkCard({ title, description, to, icon: LinkIcon, badge }: DashboardLink) {
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
          <HStack justify="space-between" align="flex-start">
            <Box bg="brand.muted" color="brand.fg" borderRadius="lg" p={2.5} w="fit-content">
              <Icon boxSize={5}>
                <LinkIcon />
              </Icon>
            </Box>
            {badge}
          </HStack>
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
