import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { Config } from '../config';
import type { PaymentProvider } from '../modules/payments/payment-provider';
import type { User } from '../modules/users/user.entity';
import type { Services } from '../services';

export interface Context {
  req: Request;
  res: Response;
  /** A fork of the ORM's EntityManager for this request only. */
  em: EntityManager;
  /** The signed-in user, or null for a guest. */
  user: User | null;
  services: Services;
  config: Config;
  /** Stripe or the labelled test provider (one per app). */
  payments: PaymentProvider;
  /** The client's address, for throttling. */
  ip: string;
}
