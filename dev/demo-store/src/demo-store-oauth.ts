import { randomBytes } from 'node:crypto';
import express, { type Router } from 'express';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from './demo-store-constants';
import type { Db } from './demo-store-query';

/**
 * The demo store's client credentials grant, as a Dev Dashboard app installed on the shop gets its
 * Admin API access tokens: `POST /admin/oauth/access_token` with `grant_type=client_credentials`,
 * `client_id`, `client_secret` (form or JSON) → `{ access_token, scope, expires_in }`. The tokens it
 * issues (table demo_store.access_tokens) are accepted by the Admin API until they expire (24 hours
 * less a second, or `token_ttl_seconds` set through the control endpoint).
 */

const SCOPES = 'read_products,write_products,read_orders';

/** Whether the Admin API accepts this token (one the grant issued, not expired). */
export async function issuedTokenValid(db: Db, token: string): Promise<boolean> {
  const rows = await db.query(
    'select 1 from demo_store.access_tokens where token = $1 and expires_at > now()',
    [token],
  );
  return rows.length > 0;
}

/** The token endpoint (on the store's router) and its control endpoints (on `control`). */
export function mountDemoOAuth(
  router: Router,
  control: Router,
  db: Db,
  ready: () => Promise<void>,
  isDown: () => Promise<boolean | undefined>,
): void {
  const form = express.urlencoded({ extended: false, limit: '16kb' });
  const json = express.json({ limit: '16kb' });

  router.post('/admin/oauth/access_token', form, json, async (req, res) => {
    await ready();
    if (await isDown()) {
      res.status(503).json({ errors: 'Service Unavailable: the demo store is down (outage simulation).' });
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.grant_type !== 'client_credentials') {
      res.status(400).json({
        error: 'unsupported_grant_type',
        error_description: 'The demo store issues tokens for grant_type=client_credentials only.',
      });
      return;
    }
    if (body.client_id !== DEMO_CLIENT_ID || body.client_secret !== DEMO_CLIENT_SECRET) {
      res.status(400).json({
        error: 'invalid_client',
        error_description: 'Client authentication failed: the client ID or client secret is wrong.',
      });
      return;
    }
    const token = `shpat_demo_cc_${randomBytes(16).toString('hex')}`;
    const [issued] = await db.query<{ ttl: number }>(
      `insert into demo_store.access_tokens (token, expires_at)
       select $1, now() + make_interval(secs => token_ttl_seconds) from demo_store.control where id = 1
       returning extract(epoch from expires_at - issued_at)::int as ttl`,
      [token],
    );
    res.json({ access_token: token, scope: SCOPES, expires_in: issued.ttl });
  });

  const report = async () => {
    const [row] = await db.query<{ ttl: number; issued: number; valid: number }>(
      `select c.token_ttl_seconds as ttl,
              (select count(*) from demo_store.access_tokens)::int as issued,
              (select count(*) from demo_store.access_tokens where expires_at > now())::int as valid
         from demo_store.control c where c.id = 1`,
    );
    return { ttlSeconds: row.ttl, issued: row.issued, valid: row.valid };
  };

  control.get('/access-tokens', async (_req, res) => {
    await ready();
    res.json(await report());
  });

  /** `{ ttlSeconds? }` for the tokens issued next; `{ expireAll: true }` expires every issued token now. */
  control.post('/access-tokens', async (req, res) => {
    await ready();
    const { ttlSeconds, expireAll } = (req.body ?? {}) as { ttlSeconds?: unknown; expireAll?: unknown };
    if (
      ttlSeconds !== undefined &&
      (!Number.isInteger(ttlSeconds) || (ttlSeconds as number) < 1 || (ttlSeconds as number) > 86_399)
    ) {
      res.status(400).json({ message: 'ttlSeconds must be a whole number from 1 to 86399' });
      return;
    }
    if (expireAll !== undefined && typeof expireAll !== 'boolean') {
      res.status(400).json({ message: 'expireAll must be true or false' });
      return;
    }
    if (ttlSeconds !== undefined) {
      await db.query('update demo_store.control set token_ttl_seconds = $1 where id = 1', [ttlSeconds]);
    }
    if (expireAll) {
      await db.query(
        `update demo_store.access_tokens set expires_at = now() - interval '1 second' where expires_at > now()`,
      );
    }
    res.json(await report());
  });
}
