import { Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import type { SidebarItem } from './adminSidebarItems';

/** The list of sidebar links; icons only (names kept for assistive technology) when collapsed. */
export function AdminSidebarNav({
  items,
  collapsed = false,
  onNavigate,
}: {
  items: readonly SidebarItem[];
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <Stack as="nav" aria-label="Admin" gap="1">
      {items.map(({ label, to, icon: Icon, end }) => (
        <Link
          key={`${label}:${to}`}
          asChild
          rounded="md"
          px="3"
          py="2"
          color="fg.muted"
          textDecoration="none"
          _hover={{ bg: 'bg.muted', color: 'fg', textDecoration: 'none' }}
          _currentPage={{ bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' }}
        >
          <NavLink to={to} end={end} onClick={onNavigate} title={collapsed ? label : undefined}>
            <HStack gap="3" justify={collapsed ? 'center' : 'flex-start'} width="full">
              <Box as="span" flexShrink={0} display="inline-flex">
                <Icon size={18} aria-hidden />
              </Box>
              {collapsed ? (
                <Text as="span" srOnly>
                  {label}
                </Text>
              ) : (
                <Text as="span" truncate>
                  {label}
                </Text>
              )}
            </HStack>
          </NavLink>
        </Link>
      ))}
    </Stack>
  );
}
