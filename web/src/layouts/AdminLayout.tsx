import {
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  HStack,
  IconButton,
  Portal,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ArrowLeft, LogOut, Menu as MenuIcon, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { displayNameOf, useCurrentUser, useLogout } from '../features/auth';
import { HeaderNotificationsSlot } from '../features/notifications';
import { Avatar } from '../ui/Avatar';
import { NavigationProgress } from '../ui/NavigationProgress';
import { PageSpinner } from '../ui/PageSpinner';
import { ScrollPanel } from '../ui/ScrollPanel';
import { SkipLink } from '../ui/SkipLink';
import { sidebarItemsFor, sidebarTitleFor } from './adminSidebarItems';
import { AdminSidebarNav } from './AdminSidebarNav';

/** Sidebar widths (Chakra size tokens): open by default, icons only when collapsed. */
export const SIDEBAR_WIDTH_OPEN = '64';
export const SIDEBAR_WIDTH_COLLAPSED = '16';

function SidebarFooter({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { logout, loading } = useLogout();
  const iconOnly = collapsed ? { px: '0', justifyContent: 'center' } : { justifyContent: 'flex-start' };
  return (
    <Stack gap="1">
      <Button
        asChild
        variant="ghost"
        size="sm"
        {...iconOnly}
        title={collapsed ? 'Return to Website' : undefined}
      >
        <RouterLink to="/" onClick={onNavigate}>
          <ArrowLeft aria-hidden />
          {collapsed ? <Text srOnly>Return to Website</Text> : 'Return to Website'}
        </RouterLink>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        {...iconOnly}
        loading={loading}
        title={collapsed ? 'Sign Out' : undefined}
        onClick={() => {
          onNavigate?.();
          void logout();
        }}
      >
        <LogOut aria-hidden />
        {collapsed ? <Text srOnly>Sign Out</Text> : 'Sign Out'}
      </Button>
    </Stack>
  );
}

/**
 * The frame of the admin (and seller / instructor) area: a collapsible sidebar, a top bar (the
 * notifications bell, the account) and the page.
 */
export function AdminLayout() {
  const { user } = useCurrentUser();
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const items = sidebarItemsFor(user);
  const title = sidebarTitleFor(user);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <Flex minH="100vh" bg="bg.subtle">
      <SkipLink />
      {/* Desktop sidebar */}
      <Box
        as="aside"
        aria-label="Sidebar"
        hideBelow="md"
        width={sidebarOpen ? SIDEBAR_WIDTH_OPEN : SIDEBAR_WIDTH_COLLAPSED}
        flexShrink={0}
        transition="width 0.2s ease"
        borderRightWidth="1px"
        bg="bg"
        position="sticky"
        top="0"
        height="100vh"
        overflow="hidden"
      >
        <ScrollPanel
          // Nothing scrolls sideways while the sidebar's width changes.
          viewportProps={{ style: { overflowX: 'hidden' } }}
          contentProps={{ minH: 'full', display: 'flex', flexDirection: 'column' }}
        >
          <Stack flex="1" p={sidebarOpen ? '4' : '2'} gap="4">
            <HStack justify={sidebarOpen ? 'space-between' : 'center'} minH="10">
              {sidebarOpen ? (
                <RouterLink to="/" aria-label="DRX home">
                  <Text fontSize="xl" fontWeight="black" color="brand.solid">
                    DRX
                  </Text>
                </RouterLink>
              ) : null}
              <IconButton
                variant="ghost"
                size="sm"
                aria-label={sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar'}
                aria-expanded={sidebarOpen}
                onClick={() => setSidebarOpen((open) => !open)}
              >
                {sidebarOpen ? <PanelLeftClose /> : <PanelLeftOpen />}
              </IconButton>
            </HStack>
            <Box flex="1">
              <AdminSidebarNav items={items} collapsed={!sidebarOpen} />
            </Box>
            <Separator />
            <SidebarFooter collapsed={!sidebarOpen} />
          </Stack>
        </ScrollPanel>
      </Box>

      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          h="16"
          px={{ base: '4', md: '6' }}
          align="center"
          justify="space-between"
          borderBottomWidth="1px"
          bg="bg"
          position="sticky"
          top="0"
          zIndex="sticky"
        >
          <HStack gap="3">
            {/* Mobile drawer */}
            <Drawer.Root
              open={drawerOpen}
              onOpenChange={(details) => setDrawerOpen(details.open)}
              placement="start"
            >
              <Drawer.Trigger asChild>
                <IconButton variant="ghost" aria-label="Open sidebar" hideFrom="md">
                  <MenuIcon />
                </IconButton>
              </Drawer.Trigger>
              <Portal>
                <Drawer.Backdrop />
                <Drawer.Positioner>
                  <Drawer.Content maxW="72">
                    <Drawer.Header>
                      <Drawer.Title>{title}</Drawer.Title>
                    </Drawer.Header>
                    <Drawer.Body>
                      <AdminSidebarNav items={items} onNavigate={closeDrawer} />
                    </Drawer.Body>
                    <Drawer.Footer display="block">
                      <SidebarFooter collapsed={false} onNavigate={closeDrawer} />
                    </Drawer.Footer>
                    <Drawer.CloseTrigger asChild>
                      <CloseButton size="sm" aria-label="Close sidebar" />
                    </Drawer.CloseTrigger>
                  </Drawer.Content>
                </Drawer.Positioner>
              </Portal>
            </Drawer.Root>
            <Text fontWeight="semibold" fontSize="lg">
              {title}
            </Text>
          </HStack>
          {user ? (
            <HStack gap="2">
              {/* The public header's bell: the workspace's notifications (reviews, due dates) too. */}
              <HeaderNotificationsSlot />
              <Text fontSize="sm" color="fg.muted" hideBelow="sm">
                {displayNameOf(user)}
              </Text>
              <Avatar
                src={user.profileImageUrl}
                username={user.username}
                name={[user.firstName, user.lastName].filter(Boolean).join(' ') || null}
                size="sm"
              />
            </HStack>
          ) : null}
        </Flex>
        <Box as="main" id="main" tabIndex={-1} flex="1" outline="none" p={{ base: '4', md: '6' }}>
          <NavigationProgress />
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
    </Flex>
  );
}
