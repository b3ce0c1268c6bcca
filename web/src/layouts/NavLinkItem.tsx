import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** A router link that marks itself as the current page (aria-current="page") when `active`. */
export function NavLinkItem({
  to,
  active,
  children,
  onClick,
}: {
  to: string;
  active: boolean;
  children: ReactNode;
  onClick?: () => void;
}) {
  return (
    <Link
      asChild
      px="3"
      py="2"
      rounded="md"
      fontWeight="medium"
      color="fg.muted"
      textDecoration="none"
      _hover={{ color: 'fg', bg: 'bg.muted', textDecoration: 'none' }}
      _currentPage={{ color: 'brand.fg', bg: 'brand.subtle', fontWeight: 'semibold' }}
    >
      <RouterLink to={to} aria-current={active ? 'page' : undefined} onClick={onClick}>
        {children}
      </RouterLink>
    </Link>
  );
}
