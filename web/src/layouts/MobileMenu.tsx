import { Button, CloseButton, Drawer, IconButton, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { LogOut, Menu as MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { displayNameOf, type CurrentUser, useLogout } from '../features/auth';
import { HEADER_NAV_ITEMS, isNavItemActive, mobileAccountItemsFor } from './navItems';
import { NavLinkItem } from './NavLinkItem';

/**
 * The header's hamburger menu for small screens: navigation, account links and sign-in/out. Its
 * button is marked `data-early-menu`: a guest's tap before the app is here opens the page entry's
 * own menu of the same links (ssr/earlyMenu.ts).
 */
export function MobileMenu({ user }: { user: CurrentUser | null | undefined }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const { logout } = useLogout();
  const close = () => setOpen(false);

  return (
    <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="end">
      <Drawer.Trigger asChild>
        <IconButton variant="ghost" aria-label="Open menu" hideFrom="md" data-early-menu="">
          <MenuIcon />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Mobile" gap="1">
                {HEADER_NAV_ITEMS.map((item) => (
                  <NavLinkItem
                    key={item.to}
                    to={item.to}
                    active={isNavItemActive(item, pathname)}
                    onClick={close}
                  >
                    {item.label}
                  </NavLinkItem>
                ))}
                <Separator my="3" />
                {user ? (
                  <>
                    <Text px="3" pb="1" fontSize="sm" color="fg.muted">
                      Signed in as {displayNameOf(user)}
                    </Text>
                    {mobileAccountItemsFor(user).map((item) => (
                      <NavLinkItem key={item.to} to={item.to} active={pathname === item.to} onClick={close}>
                        {item.label}
                      </NavLinkItem>
                    ))}
                  </>
                ) : null}
              </Stack>
            </Drawer.Body>
            <Drawer.Footer>
              {user ? (
                <Button
                  variant="outline"
                  width="full"
                  onClick={() => {
                    close();
                    void logout();
                  }}
                >
                  <LogOut aria-hidden />
                  Sign Out
                </Button>
              ) : user === null ? (
                <Stack width="full" gap="2">
                  <Button asChild variant="outline">
                    <RouterLink to="/auth" onClick={close}>
                      Sign In
                    </RouterLink>
                  </Button>
                  <Button asChild>
                    <RouterLink to="/register" onClick={close}>
                      Get Started
                    </RouterLink>
                  </Button>
                </Stack>
              ) : null}
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
