import { Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { ChevronDown, LogOut } from 'lucide-react';
import { useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { displayNameOf, type CurrentUser, useLogout } from '../features/auth';
import { Avatar } from '../ui/Avatar';
import { userMenuItemsFor } from './navItems';

/** The signed-in user's menu in the header: avatar and name, personal links and Sign Out. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { logout } = useLogout();
  const name = displayNameOf(user);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || null;
  const trigger = useRef<HTMLButtonElement>(null);

  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      // Closed with Escape right after another key, the menu can leave the focus on <body> (zag
      // focuses the trigger, then the still-open content takes the focus back and hides): give it
      // back to the button once the content is gone, so Tab goes on from there.
      onExitComplete={() =>
        requestAnimationFrame(() => {
          if (document.activeElement === document.body) trigger.current?.focus({ preventScroll: true });
        })
      }
    >
      <Menu.Trigger asChild>
        <Button ref={trigger} variant="ghost" px="2" gap="2" aria-label={`Account menu for ${name}`}>
          <Avatar src={user.profileImageUrl} username={user.username} name={fullName} size="sm" />
          <Text as="span" maxW="32" truncate>
            {name}
          </Text>
          <ChevronDown size={16} aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Box px="3" py="2">
              <Text fontWeight="semibold">{name}</Text>
              <Text fontSize="sm" color="fg.muted">
                @{user.username}
              </Text>
            </Box>
            <Menu.Separator />
            {userMenuItemsFor(user).map((item) => (
              <Menu.Item key={item.to} value={item.to} asChild>
                <RouterLink to={item.to}>{item.label}</RouterLink>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value="sign-out" onSelect={() => void logout()}>
              <LogOut size={16} aria-hidden />
              Sign Out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
