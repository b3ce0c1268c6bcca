import type { Request, Response } from 'express';
import type { PubSub } from 'type-graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import type { SessionUserRow } from '../modules/auth/session-user';
import type { PaymentProvider } from '../modules/payments/payment-provider';
import { User } from '../modules/users/user.entity';
import type { Services } from '../services';
import type { AppStorage } from '../storage/storage';
import { startTestApp, type TestApp } from '../test/test-app';
import { RequestContext } from './request-context';

let t: TestApp;
let row: SessionUserRow;
beforeAll(async () => {
  t = await startTestApp();
  const rows = await t.orm.em
    .fork()
    .getConnection()
    .execute<SessionUserRow[]>(
      `select id, username, username_key, email, role, roles, first_name, last_name,
         profile_image_url, created_at, updated_at from users where username = 'admin'`,
    );
  row = rows[0];
});
afterAll(() => t.close());

function contextFor(sessionRow: SessionUserRow | null) {
  const em = t.orm.em.fork();
  const ctx = new RequestContext(
    {} as Request,
    {} as Response,
    em,
    sessionRow,
    {} as Services,
    {} as PaymentProvider,
    {} as Config,
    {} as AppStorage,
    {} as PubSub,
  );
  return { em, ctx };
}

describe('the request context', () => {
  it('knows the viewer at once and builds the User entity only when it is read', () => {
    const { em, ctx } = contextFor(row);
    expect(ctx.viewer).toEqual({ id: row.id, role: 'admin', roles: row.roles });
    expect(em.getUnitOfWork().getById(User.name, row.id)).toBeUndefined();
    const user = ctx.user;
    expect(user).toBeInstanceOf(User);
    expect(user?.username).toBe('admin');
    expect(em.getUnitOfWork().getById(User.name, row.id)).toBe(user);
    expect(ctx.user).toBe(user);
  });

  it('stays lazy in the shallow copy Apollo makes of it', () => {
    const { em, ctx } = contextFor(row);
    const copy = Object.assign(Object.create(Object.getPrototypeOf(ctx)), ctx) as RequestContext;
    expect(em.getUnitOfWork().getById(User.name, row.id)).toBeUndefined();
    expect(copy.viewer?.id).toBe(row.id);
    expect(copy.user?.id).toBe(row.id);
  });

  it('returns the entity a resolver already loaded, with its unflushed changes', async () => {
    const { em, ctx } = contextFor(row);
    const loaded = await em.findOneOrFail(User, row.id);
    loaded.firstName = 'Changed but not flushed';
    expect(ctx.user).toBe(loaded);
    expect(ctx.user?.firstName).toBe('Changed but not flushed');
  });

  it('is a guest without a session row, and sign-in / sign-out set the user and the viewer', async () => {
    const { em, ctx } = contextFor(null);
    expect(ctx.viewer).toBeNull();
    expect(ctx.user).toBeNull();
    const user = await em.findOneOrFail(User, row.id);
    ctx.user = user;
    expect(ctx.user).toBe(user);
    expect(ctx.viewer).toEqual({ id: row.id, role: 'admin', roles: row.roles });
    ctx.user = null;
    expect(ctx.user).toBeNull();
    expect(ctx.viewer).toBeNull();
  });
});
