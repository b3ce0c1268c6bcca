import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { PubSub } from 'type-graphql';
import type { Config } from '../config';
import { loadSessionUserRow, managedUser, type SessionUserRow, type Viewer, viewerOf } from '../modules/auth';
import type { PaymentProvider } from '../modules/payments';
import type { User } from '../modules/users';
import { appModules } from '../modules';
import { servicesMaker, type Services } from '../services';
import type { AppStorage } from '../storage/storage';
import type { Context, ContextFactory } from './context';

/**
 * One request's context. `user` is a getter on the prototype, not an own property: Apollo
 * shallow-copies the context it is given (own properties only, prototype kept), so the managed
 * entity is still built on first read only. Its state lives in own fields so the copy has it too.
 */
export class RequestContext implements Context {
  viewer: Viewer | null;
  private sessionRow: SessionUserRow | null;
  private managed: User | null = null;

  constructor(
    readonly req: Request,
    readonly res: Response,
    readonly em: EntityManager,
    row: SessionUserRow | null,
    readonly services: Services,
    readonly payments: PaymentProvider,
    readonly config: Config,
    readonly storage: AppStorage,
    readonly realtime: PubSub,
  ) {
    this.sessionRow = row;
    this.viewer = row && viewerOf(row);
  }

  get ip(): string {
    return this.req.ip ?? this.req.socket.remoteAddress ?? 'unknown';
  }

  get user(): User | null {
    if (this.sessionRow && !this.managed) this.managed = managedUser(this.em, this.sessionRow);
    return this.managed;
  }

  /** Sign-in and sign-out set the user of the rest of the request (and so `viewer`). */
  set user(value: User | null) {
    this.sessionRow = null;
    this.managed = value;
    this.viewer = value && viewerOf(value);
  }
}

/** Builds each request's context: a fresh EntityManager fork and the session's user. */
export function requestContextFactory(
  orm: MikroORM,
  storage: AppStorage,
  payments: PaymentProvider,
  config: Config,
  realtime: PubSub,
): ContextFactory {
  const createServices = servicesMaker(appModules);
  return async (req, res) => {
    const em = orm.em.fork();
    const userId = req.session?.userId;
    const row = userId ? await loadSessionUserRow(em, req, userId) : null;
    const services = createServices({ em, storage, payments });
    return new RequestContext(req, res, em, row, services, payments, config, storage, realtime);
  };
}
