import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { User } from '../users/user.entity';
import { validateRegistration, type RegistrationFields } from './auth.validation';
import { LoginThrottle, THROTTLE_MESSAGE } from './login-throttle';
import { hashPassword, verifyPassword } from './password';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const USERNAME_TAKEN = 'Username already exists';

export class AuthService {
  private readonly throttle: LoginThrottle;

  constructor(private readonly em: EntityManager) {
    this.throttle = new LoginThrottle(em);
  }

  /** Checks credentials with throttling; returns the user or throws a DomainError. */
  async login(username: string, password: string, ip: string): Promise<User> {
    const name = username?.trim() ?? '';
    if (!name || !password) {
      throw new DomainError(
        'INVALID_INPUT',
        'Username and password are required',
        name ? 'password' : 'username',
      );
    }
    const attempt = await this.throttle.begin(name, ip);
    if (attempt.blocked) throw new DomainError('TOO_MANY_ATTEMPTS', THROTTLE_MESSAGE);
    const user = await this.em.findOne(
      User,
      { usernameKey: name.toLowerCase() },
      { populate: ['passwordHash'] },
    );
    if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
      throw new DomainError('UNAUTHORIZED', INVALID_CREDENTIALS);
    }
    await this.throttle.succeeded(name, attempt);
    return user;
  }

  async register(input: RegistrationFields): Promise<User> {
    const clean = validateRegistration(input);
    const usernameKey = clean.username.toLowerCase();
    if (await this.em.count(User, { usernameKey })) {
      throw new DomainError('USERNAME_TAKEN', USERNAME_TAKEN, 'username');
    }
    const user = this.em.create(User, {
      username: clean.username,
      usernameKey,
      email: clean.email,
      firstName: clean.firstName,
      lastName: clean.lastName,
      passwordHash: await hashPassword(clean.password),
      role: 'user',
      roles: ['user'],
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    try {
      await this.em.persistAndFlush(user);
    } catch (error) {
      // Two registrations racing for one name: the unique index decides.
      if (error instanceof UniqueConstraintViolationException) {
        throw new DomainError('USERNAME_TAKEN', USERNAME_TAKEN, 'username');
      }
      throw error;
    }
    return user;
  }
}
