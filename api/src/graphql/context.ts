import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { PubSub } from 'type-graphql';
import type { Config } from '../config';
import type { Viewer } from '../modules/auth';
import type { PaymentProvider } from '../modules/payments';
import type { User } from '../modules/users';
import type { Services } from '../services';
import type { AppStorage } from '../storage/storage';

export interface Context {
  req: Request;
  res: Response;
  /** A fork of the ORM's EntityManager for this request only. */
  em: EntityManager;
  /** The signed-in user's id and roles (read with the session on every request), or null for a guest. */
  viewer: Viewer | null;
  /**
   * The signed-in user as a managed entity of `em`, or null for a guest. Built on first read (a
   * getter): rules and hot resolvers that need only the id or the roles use `viewer`. Setting it
   * (sign-in, sign-out) sets `viewer` too.
   */
  user: User | null;
  services: Services;
  config: Config;
  /** Stripe or the labelled test provider (one per app). */
  payments: PaymentProvider;
  /** The app's files: public images and private files, on the local disk or in S3 (storage/). */
  storage: AppStorage;
  /** The client's address, for throttling. */
  ip: string;
  /**
   * The app's realtime events (its PostgreSQL LISTEN connection, realtime/pg-pubsub.ts): what a
   * subscription of this request hears. The schema itself is the process's, shared by its apps.
   */
  realtime: PubSub;
}

/**
 * Builds a request's context (graphql/request-context.ts): the app makes one and hands it to the
 * REST router and the REST handlers that read the session or the database outside GraphQL.
 */
export type ContextFactory = (req: Request, res: Response) => Promise<Context>;
