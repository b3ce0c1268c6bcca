import { LoginAttempt } from '../modules/auth/login-attempt.entity';
import { User } from '../modules/users/user.entity';

/** Every MikroORM entity; each module adds its own here. */
export const entities = [User, LoginAttempt];
