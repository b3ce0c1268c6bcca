import { Box, Button, Container, Flex, HStack, Link } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../features/auth';
import { HeaderMessagesSlot } from '../features/messages';
import { HeaderNotificationsSlot } from '../features/notifications';
import { HeaderCartSlot } from './HeaderCartSlot';
import { MobileMenu } from './MobileMenu';
import { HEADER_NAV_ITEMS, isNavItemActive } from './navItems';
import { NavLinkItem } from './NavLinkItem';
import { UserMenu } from './UserMenu';

/**
 * The public site's header: brand, main navigation, messages and notifications (signed in), cart,
 * and the sign-in or user menu. The icons stay in the bar on phones (only the menu collapses).
 */
export function Header() {
  const { pathname } = useLocation();
  const { user } = useCurrentUser();

  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl">
        <Flex h="16" align="center" justify="space-between" gap="4">
          <Link
            asChild
            fontSize="2xl"
            fontWeight="black"
            letterSpacing="tight"
            color="brand.solid"
            textDecoration="none"
            _hover={{ textDecoration: 'none' }}
          >
            <RouterLink to="/" aria-label="DRX home">
              DRX
            </RouterLink>
          </Link>

          <HStack as="nav" aria-label="Main" gap="1" hideBelow="md">
            {HEADER_NAV_ITEMS.map((item) => (
              <NavLinkItem key={item.to} to={item.to} active={isNavItemActive(item, pathname)}>
                {item.label}
              </NavLinkItem>
            ))}
          </HStack>

          <HStack gap="2">
            {user ? <HeaderMessagesSlot /> : null}
            {user ? <HeaderNotificationsSlot /> : null}
            <HeaderCartSlot />
            {user ? (
              <Box hideBelow="md">
                <UserMenu user={user} />
              </Box>
            ) : user === null ? (
              <HStack gap="2" hideBelow="md">
                <Button asChild variant="ghost">
                  <RouterLink to="/auth">Sign In</RouterLink>
                </Button>
                <Button asChild>
                  <RouterLink to="/register">Get Started</RouterLink>
                </Button>
              </HStack>
            ) : null}
            <MobileMenu user={user} />
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
