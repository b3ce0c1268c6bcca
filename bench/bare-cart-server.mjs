// The "bare handler" baseline of the cart bench: Express + pg running the same SQL as the API's
// cart module (imported from api/dist, so it is byte-for-byte the same), with the session cookie
// lookup approximated by verifying the signed cookie and one read of the session table.
// Env: DATABASE_URL, SESSION_SECRET, PORT, WEB_CONCURRENCY (worker processes, as the API). Speaks
// just enough of the GraphQL request shape the bench sends (the operation is picked by name, not
// parsed).
import cluster from 'node:cluster';
import console from 'node:console';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

// WEB_CONCURRENCY > 1: that many worker processes sharing the port, as the API runs them.
const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? 1));
if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
  const stopAll = () => {
    for (const w of Object.values(cluster.workers)) w.process.kill('SIGTERM');
    cluster.on('exit', () => Object.keys(cluster.workers).length === 0 && process.exit(0));
  };
  process.on('SIGTERM', stopAll);
  process.on('SIGINT', stopAll);
} else {
  await serve();
}

async function serve() {
  const require = createRequire(import.meta.url);
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const express = require('express');
  const { Pool } = require('pg');
  const signature = require('cookie-signature');
  // The cart's statements are built from the owners' SQL pieces (courses, learning, resources,
  // memberships), read through their front doors, which load their entities: type-graphql's
  // decorators need the polyfill. The orders module's piece is registered at load in the app
  // (orders/module.ts): registered here the same way, without loading every module.
  require('reflect-metadata');
  const { registerPaidOrderSql } = require(path.join(root, 'api/dist/modules/cart/paid-orders.js'));
  const { paidOrderHasItemSql } = require(path.join(root, 'api/dist/modules/orders/paid-order-sql.js'));
  registerPaidOrderSql(paidOrderHasItemSql);
  const sql = {
    ...require(path.join(root, 'api/dist/modules/cart/cart-sql.js')).cartSql(),
    UPSERT_SQL: require(path.join(root, 'api/dist/modules/cart/cart-sql.js')).UPSERT_SQL,
  };
  const { cartTag, namesTag } = require(path.join(root, 'api/dist/modules/cart/cart-tag.js'));

  const POOL_SIZE = 10; // the same as the API's ORM pool (api/src/db/mikro-orm.config.ts)
  const MAX_CART_QUANTITY = 99;
  // Connections kept once opened, as the API's read pool keeps them (api/src/app.ts).
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE, min: POOL_SIZE });
  const secret = process.env.SESSION_SECRET;

  /** Knex-style `?` placeholders → `$1…`. */
  const numbered = (text) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  };
  const CART = numbered(sql.CART_SQL);
  const COURSE = numbered(sql.COURSE_SQL);
  const RESOURCE = numbered(sql.RESOURCE_SQL);
  const UPSERT = numbered(sql.UPSERT_SQL);
  const REMOVE = 'delete from cart_items where id = $1 and user_id = $2 returning id';
  const SESSION = 'select sess from "session" where sid = $1 and expire >= to_timestamp($2)';

  async function userOf(req) {
    const raw = (req.headers.cookie ?? '')
      .split(';')
      .map((p) => p.trim())
      .find((p) => p.startsWith('drx.sid='));
    if (!raw) return null;
    const value = decodeURIComponent(raw.slice('drx.sid='.length));
    if (!value.startsWith('s:')) return null;
    const sid = signature.unsign(value.slice(2), secret);
    if (!sid) return null;
    const { rows } = await pool.query({ name: 'session', text: SESSION, values: [sid, Date.now() / 1000] });
    return rows[0]?.sess?.userId ?? null;
  }

  async function cartOf(userId) {
    const { rows } = await pool.query({ name: 'cart', text: CART, values: [userId, userId] });
    const items = rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id,
        itemType: r.item_type,
        itemId: r.item_id,
        title: r.title,
        unitPriceCents: Number(r.unit_price_cents),
        quantity: Number(r.quantity),
        imageUrl: r.image_url,
        createdAt: r.created_at,
      }));
    return {
      items,
      memberDiscountPercent: Number(rows[0]?.member_discount_percent ?? 0),
      itemCount: items.reduce((s, l) => s + l.quantity, 0),
      subtotalCents: items.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0),
    };
  }

  /** The cart as the bench's `cart` query asks for it. */
  const graphCart = (cart) => ({
    items: cart.items.map(({ id, title, unitPriceCents, quantity }) => ({
      id,
      title,
      unitPriceCents,
      quantity,
    })),
    itemCount: cart.itemCount,
    subtotalCents: cart.subtotalCents,
  });

  const app = express();
  app.disable('x-powered-by');
  // The poll as the spec's client and the web app send it: the same list, tag and 304 as the API's
  // GET /api/cart (api/src/modules/cart/cart-list.route.ts).
  app.get('/api/cart', async (req, res) => {
    try {
      const userId = await userOf(req);
      if (!userId) {
        res.status(401).json({ message: 'You must be signed in to do this.' });
        return;
      }
      const cart = await cartOf(userId);
      const tag = cartTag(cart);
      res.set({ ETag: tag, 'Cache-Control': 'private, no-cache' });
      if (namesTag(req.headers['if-none-match'], tag)) {
        res.status(304).end();
        return;
      }
      res.json(
        cart.items.map((l) => {
          const price = l.unitPriceCents / 100;
          return {
            id: l.id,
            itemType: l.itemType,
            itemId: l.itemId,
            title: l.title,
            price,
            quantity: l.quantity,
            imageUrl: l.imageUrl,
            createdAt: new Date(l.createdAt).toISOString(),
            details: { price },
          };
        }),
      );
    } catch (error) {
      console.error('[bare] failed', error);
      res.status(500).json({ message: 'Internal server error' });
    }
  });
  app.post('/graphql', express.json({ limit: '100kb' }), async (req, res) => {
    try {
      const userId = await userOf(req);
      if (!userId) {
        res.json({ errors: [{ message: 'You must be signed in to do this.' }] });
        return;
      }
      const query = String(req.body?.query ?? '');
      const input = req.body?.variables?.input ?? {};
      if (query.includes('cartItemAdd')) {
        const catalogSql = input.itemType === 'course' ? COURSE : RESOURCE;
        const { rows: catalog } = await pool.query(catalogSql, [userId, userId, input.itemId]);
        if (!catalog[0] || catalog[0].owned) {
          res.json({
            data: { cartItemAdd: { item: null, cart: null, userErrors: [{ code: 'NOT_FOUND' }] } },
          });
          return;
        }
        const now = new Date();
        const c = catalog[0];
        const { rows } = await pool.query(UPSERT, [
          randomUUID(),
          userId,
          input.itemType,
          input.itemId,
          c.title,
          c.price_cents,
          input.quantity ?? 1,
          c.image_url,
          now,
          now,
          MAX_CART_QUANTITY,
        ]);
        res.json({
          data: {
            cartItemAdd: { item: { id: rows[0]?.id }, cart: graphCart(await cartOf(userId)), userErrors: [] },
          },
        });
      } else if (query.includes('cartItemRemove')) {
        await pool.query(REMOVE, [input.id, userId]);
        res.json({ data: { cartItemRemove: { cart: graphCart(await cartOf(userId)), userErrors: [] } } });
      } else {
        res.json({ data: { cart: graphCart(await cartOf(userId)) } });
      }
    } catch (error) {
      console.error('[bare] failed', error);
      res.status(500).json({ message: 'Internal server error' });
    }
  });

  const server = app.listen(Number(process.env.PORT ?? 4100), '127.0.0.1', () => {
    console.log(`bare cart server on ${server.address().port}`);
  });
  // As the API (api/src/main.ts): idle keep-alive connections stay open 65 s.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const stop = () => {
    server.close();
    server.closeAllConnections();
    pool.end().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
