import { Cursor, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { invalidCursor } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import { escapeLike } from '../../graphql/keyset';
import { ROLE_VALUES, type Role, userCounts } from '../users';
import { User } from '../users';
import { isUuid } from '../../lib/ids';

export interface UserListFilter {
  search?: string | null;
  role?: string | null;
  first: number;
  after?: string | null;
}

export interface RoleCount {
  role: string;
  count: number;
}

/** Which of a user's roles is the single `role` field: the most privileged one. */
const ROLE_PRIORITY: readonly Role[] = [
  'admin',
  'curriculum_officer',
  'curriculum_admin',
  'moderator',
  'instructor',
  'seller',
  'booking_provider',
  'booking',
  'booking_client',
  'student',
  'user',
];

export function primaryRole(roles: readonly string[]): string {
  return ROLE_PRIORITY.find((r) => roles.includes(r)) ?? 'user';
}

/** A cursor of the users list is exactly [createdAt, id]; anything else is refused up front. */
function isUserCursor(cursor: string): boolean {
  let values: unknown;
  try {
    values = Cursor.decode(cursor);
  } catch {
    return false;
  }
  return (
    Array.isArray(values) &&
    values.length === 2 &&
    (typeof values[0] === 'string' || values[0] instanceof Date) &&
    !Number.isNaN(new Date(values[0] as string).getTime()) &&
    isUuid(values[1])
  );
}

/** User administration: listing, role changes and the figures of the admin dashboard. */
export class AdminUsersService {
  constructor(private readonly em: EntityManager) {}

  async list(filter: UserListFilter) {
    const where: FilterQuery<User> = {};
    const search = filter.search?.trim();
    if (search) {
      const like = `%${escapeLike(search)}%`;
      where.$or = [
        { username: { $ilike: like } },
        { firstName: { $ilike: like } },
        { lastName: { $ilike: like } },
        { email: { $ilike: like } },
      ];
    }
    if (filter.role) where.roles = { $contains: [filter.role] };
    if (filter.after && !isUserCursor(filter.after)) throw invalidCursor();
    return this.em.findByCursor(User, where, {
      first: filter.first,
      after: filter.after ?? undefined,
      orderBy: { createdAt: 'desc', id: 'desc' },
      includeCount: true,
    });
  }

  /** Replaces a user's roles. An admin cannot take the admin role from themself (no lock-out). */
  async updateRoles(actor: User, userId: string, roles: string[]): Promise<User> {
    const clean = [...new Set(roles.map((r) => r.trim()))].filter(Boolean);
    if (clean.length === 0) throw new DomainError('INVALID_INPUT', 'Choose at least one role', 'roles');
    const unknown = clean.filter((r) => !(ROLE_VALUES as readonly string[]).includes(r));
    if (unknown.length) {
      throw new DomainError('INVALID_INPUT', `Unknown role: ${unknown.join(', ')}`, 'roles');
    }
    const user = isUuid(userId) ? await this.em.findOne(User, { id: userId }) : null;
    if (!user) throw new DomainError('NOT_FOUND', 'User not found', 'userId');
    if (user.id === actor.id && !clean.includes('admin')) {
      throw new DomainError('FORBIDDEN', 'You cannot remove your own admin role', 'roles');
    }
    user.roles = clean;
    user.role = primaryRole(clean);
    await this.em.flush();
    return user;
  }

  async overview(): Promise<{ usersTotal: number; newUsersLast7Days: number; usersByRole: RoleCount[] }> {
    const counts = await userCounts(this.em);
    return {
      usersTotal: counts.total,
      newUsersLast7Days: counts.lastSevenDays,
      usersByRole: counts.byRole,
    };
  }
}
