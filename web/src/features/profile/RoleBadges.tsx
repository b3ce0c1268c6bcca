import { Badge, Wrap } from '@chakra-ui/react';
import { rolesOf, type RoleBearer } from '../auth';
import { roleLabel } from './profileFormat';

/** The user's roles as badges; ordinary members without roles show 'Member'. */
export function RoleBadges({ user }: { user: RoleBearer }) {
  const roles = rolesOf(user);
  return (
    <Wrap gap={2}>
      {(roles.length > 0 ? roles : ['member']).map((role) => (
        <Badge key={role} colorPalette={role === 'admin' ? 'red' : 'brand'} variant="subtle">
          {roleLabel(role)}
        </Badge>
      ))}
    </Wrap>
  );
}
