import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { claimPendingStoreGrants, type StoreInviteClaim } from '../shop';
import { User } from '../users';
import { MAX_USERNAME_LENGTH, validateRegistration, type RegistrationFields } from './auth.validation';
import { isKnownFor, type KnownDevice } from './known-device';
import { LoginThrottle, THROTTLE_MESSAGE } from './login-throttle';
import { hashPassword, verifyPassword } from './password';
import { type RegistrationAllowance, RegistrationThrottle } from './registration-throttle';
import { accountHooks } from './account-hooks';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const USERNAME_TAKEN = 'Username already exists';

export class AuthService {
  private readonly throttle: LoginThrottle;

  constructor(private readonly em: EntityManager) {
    this.throttle = new LoginThrottle(em);
  }

  /**
   * Checks credentials with throttling; returns the user or throws a DomainError. `device`: the
   * browser's signed device cookie, if any (see LoginThrottle for how it is counted).
   */
  async login(
    username: string,
    password: string,
    ip: string,
    device: KnownDevice | null = null,
  ): Promise<User> {
    const name = username?.trim() ?? '';
    if (!name || !password) {
      throw new DomainError(
        'INVALID_INPUT',
        'Username and password are required',
        name ? 'password' : 'username',
      );
    }
    // Longer than any username can be (registration allows 50): no account to check, and the name
    // must not reach the throttle's keys (an over-long key overflowed login_attempts: a 500).
    if (name.length > MAX_USERNAME_LENGTH) throw new DomainError('UNAUTHORIZED', INVALID_CREDENTIALS);
    const user = await this.em.findOne(
      User,
      { usernameKey: name.toLowerCase() },
      { populate: ['passwordHash'] },
    );
    const known = user && isKnownFor(device, user.id) ? { deviceId: device.id, userId: user.id } : undefined;
    const attempt = await this.throttle.begin(name, ip, known);
    if (attempt.blocked) throw new DomainError('TOO_MANY_ATTEMPTS', THROTTLE_MESSAGE);
    if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
      throw new DomainError('UNAUTHORIZED', INVALID_CREDENTIALS);
    }
    await this.throttle.succeeded(attempt);
    return user;
  }

  /**
   * Creates an account. `from.allowance`: registrations one address may make per hour without a
   * sign-up challenge, and at most; every valid attempt counts, before the name is checked and the
   * password hashed. `from.altcha`: a solved sign-up challenge, checked when the address owes one
   * (`from.secret` signed it). `invite`: a store
   * purchase invitation's token: issued for the email (shop/store-invite.ts), it proves the address
   * (verified at once) and claims what the store sold to it — a wrong or missing token is no error.
   * Otherwise an email gets a link to verify it (`publicUrl`: the site's address, for the link).
   */
  async register(
    input: RegistrationFields,
    from: { ip: string; allowance: RegistrationAllowance; altcha?: string | null; secret: string },
    invite: StoreInviteClaim,
    publicUrl: string,
  ): Promise<User> {
    const clean = validateRegistration(input);
    await new RegistrationThrottle(this.em).admit(from.ip, from.allowance, from.altcha, from.secret);
    const usernameKey = clean.username.toLowerCase();
    if (await this.em.count(User, { usernameKey })) {
      throw new DomainError('USERNAME_TAKEN', USERNAME_TAKEN, 'username');
    }
    const passwordHash = await hashPassword(clean.password);
    try {
      // The account and what the store sold to its email before it existed (shop/store-entitlements.ts).
      return await this.em.transactional(async (tem) => {
        const user = tem.create(User, {
          username: clean.username,
          usernameKey,
          email: clean.email,
          firstName: clean.firstName,
          lastName: clean.lastName,
          passwordHash,
          role: 'user',
          roles: ['user'],
          createdAt: new Date(),
          updatedAt: new Date(),
        });
        await tem.flush();
        await claimPendingStoreGrants(tem, user, invite);
        if (user.email) {
          await tem.refresh(user);
          if (!user.emailVerifiedAt) await accountHooks().sendEmailVerification(tem, user, publicUrl);
        }
        return user;
      });
    } catch (error) {
      // Two registrations racing for one name: the unique index decides.
      if (error instanceof UniqueConstraintViolationException) {
        throw new DomainError('USERNAME_TAKEN', USERNAME_TAKEN, 'username');
      }
      throw error;
    }
  }
}
