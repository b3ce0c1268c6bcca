import { Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

const LINKS = [
  { to: '/connect/profile', label: 'Profile & sessions' },
  { to: '/instructor/availability', label: 'Availability' },
  { to: '/instructor/bookings', label: 'Bookings' },
  { to: '/instructor/settings', label: 'Settings' },
];

/** The instructor's Connect pages, one click apart (the profile is not in the sidebar). */
export function ConnectNav() {
  const { pathname } = useLocation();
  return (
    <HStack as="nav" aria-label="Connect" gap={1} wrap="wrap">
      {LINKS.map((link) => {
        const active = pathname === link.to;
        return (
          <Button key={link.to} asChild size="xs" variant={active ? 'subtle' : 'ghost'}>
            <RouterLink to={link.to} aria-current={active ? 'page' : undefined}>
              {link.label}
            </RouterLink>
          </Button>
        );
      })}
    </HStack>
  );
}
