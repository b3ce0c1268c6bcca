import express, { type Request, type Response, type Router } from 'express';
import {
  execute,
  getOperationAST,
  GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  parse,
  validate,
} from 'graphql';
import { adminRoot, type AdminContext } from './demo-store-admin-api';
import { loadVariants } from './demo-store-catalog';
import { DEMO_ADMIN_TOKEN, DEMO_STOREFRONT_TOKEN } from './demo-store-constants';
import {
  actualQueryCost,
  costExtension,
  MAX_QUERY_COST,
  MissingPageSizeError,
  requestedQueryCost,
} from './demo-store-cost';
import { DemoStoreDb } from './demo-store-db';
import { issuedTokenValid, mountDemoOAuth } from './demo-store-oauth';
import { gid, parseId } from './demo-store-ids';
import { parseImageFile, renderProductSvg } from './demo-store-images';
import {
  cancelOrder,
  fulfillOrder,
  loadOrder,
  orderName,
  OrderRefusedError,
  orderStatusUrl,
  type OrderRow,
  payOrder,
  placeOrder,
  refundOrder,
} from './demo-store-orders';
import {
  CHECKOUT_CSS,
  checkoutPage,
  type CheckoutForm,
  COUNTRIES,
  notFoundPage,
  orderStatusPage,
  type PageLine,
} from './demo-store-pages';
import { controlUpdateProduct, deleteProduct } from './demo-store-products';
import { adminSchema, storefrontSchema } from './demo-store-schemas';
import { storefrontRoot } from './demo-store-storefront-api';
import { WebhookDeliverer } from './demo-store-webhooks';
import { type LogError, logToConsole } from './demo-store-log';

/**
 * The built-in demo store (docs/store.md): a local stand-in for a Shopify store that speaks the
 * subset of the Storefront and Admin GraphQL APIs DRX uses, validated against Shopify's schemas,
 * with a checkout page, order webhooks and control endpoints for tests. Mounted by the app at
 * /demo-store outside production only (config.demoStore).
 */

export interface DemoStoreHandle {
  router: Router;
  db: DemoStoreDb;
  webhooks: WebhookDeliverer;
  close(): Promise<void>;
}

const API_VERSION = /^(\d{4}-(01|04|07|10)|unstable)$/;
const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';
/** The CSP of the demo store's pages: its stylesheet, images, forms to itself; no script. */
const PAGE_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

function formatError(error: GraphQLError, logError: LogError = logToConsole): GraphQLFormattedError {
  if (error.originalError && !(error.originalError instanceof GraphQLError)) {
    logError(error.originalError, '[demo-store] resolver failed');
    return { message: 'Internal error. Looks like something went wrong on our end.', path: error.path };
  }
  const formatted = error.toJSON();
  if (!error.path && /^Cannot query field/.test(error.message)) {
    return { ...formatted, extensions: { ...formatted.extensions, code: 'undefinedField' } };
  }
  return formatted;
}

type Prepared =
  | {
      ok: true;
      document: ReturnType<typeof parse>;
      variables: Record<string, unknown>;
      operationName?: string;
    }
  | { ok: false; status: number; body: unknown };

/** Parses and validates a GraphQL POST body against `schema` (errors as Shopify answers them). */
function prepare(schema: GraphQLSchema, body: any): Prepared {
  if (!body || typeof body.query !== 'string' || !body.query.trim()) {
    return { ok: false, status: 400, body: { errors: { query: 'Required parameter missing or invalid' } } };
  }
  let document;
  try {
    document = parse(body.query);
  } catch (error) {
    return { ok: false, status: 200, body: { errors: [formatError(error as GraphQLError)] } };
  }
  const errors = validate(schema, document);
  if (errors.length) return { ok: false, status: 200, body: { errors: errors.map((e) => formatError(e)) } };
  const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
  if (!getOperationAST(document, operationName)) {
    return {
      ok: false,
      status: 200,
      body: {
        errors: [
          {
            message: operationName
              ? `No operation named "${operationName}"`
              : 'An operation name is required',
          },
        ],
      },
    };
  }
  const variables = body.variables && typeof body.variables === 'object' ? body.variables : {};
  return { ok: true, document, variables, operationName };
}

function statusText(order: OrderRow): { text: string; warn: boolean } {
  if (order.cancelled_at) return { text: 'Cancelled', warn: true };
  if (order.financial_status === 'refunded') return { text: 'Refunded', warn: true };
  if (order.fulfillment_status === 'fulfilled') return { text: 'Fulfilled', warn: false };
  if (order.financial_status === 'paid') return { text: 'Paid', warn: false };
  return { text: 'Payment pending', warn: false };
}

function trimmed(value: unknown, max = 255): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

export interface DemoStoreOptions {
  /** The app's database: the store keeps its state in its schema `demo_store` there. */
  databaseUrl: string;
  /** The app's public URL: the checkout and order status pages link to `publicUrl`/demo-store/…. */
  publicUrl: string;
  /** Where errors the store cannot answer with go (default: stderr). */
  logError?: LogError;
}

export function createDemoStore(options: DemoStoreOptions): DemoStoreHandle {
  const logError = options.logError ?? logToConsole;
  const db = new DemoStoreDb(options.databaseUrl, logError);
  const webhooks = new WebhookDeliverer(db, logError);
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const router = express.Router();
  const json = express.json({ limit: '1mb' });
  const form = express.urlencoded({ extended: false, limit: '64kb' });

  // Deliveries left from a previous run go out once the store is first used.
  let started = false;
  const ready = async () => {
    await db.ensureReady();
    if (!started) {
      started = true;
      webhooks.kick();
    }
  };

  const isDown = async () =>
    (await db.query<{ down: boolean }>('select down from demo_store.control where id = 1'))[0]?.down;

  /** Version check, outage, token: null when the request may go on (else the answer was sent). */
  const gate = async (req: Request, res: Response, token: string | undefined): Promise<boolean> => {
    const version = String(req.params.version);
    if (!API_VERSION.test(version)) {
      res.status(404).json({ errors: 'Not Found' });
      return false;
    }
    res.set('X-Shopify-API-Version', version);
    await ready();
    if (await isDown()) {
      res.status(503).json({ errors: 'Service Unavailable: the demo store is down (outage simulation).' });
      return false;
    }
    if (token !== DEMO_ADMIN_TOKEN && token !== DEMO_STOREFRONT_TOKEN) {
      res.status(401).json({ errors: INVALID_TOKEN });
      return false;
    }
    return true;
  };

  // ---- Storefront API ------------------------------------------------------------------------
  router.post('/api/:version/graphql.json', json, async (req, res) => {
    const token = req.get('x-shopify-storefront-access-token') ?? req.get('shopify-storefront-private-token');
    if (!(await gate(req, res, token === DEMO_STOREFRONT_TOKEN ? token : undefined))) return;
    const prepared = prepare(storefrontSchema(), req.body);
    if (!prepared.ok) {
      res.status(prepared.status).json(prepared.body);
      return;
    }
    const ctx = { db, publicUrl };
    const result = await execute({
      schema: storefrontSchema(),
      document: prepared.document,
      rootValue: storefrontRoot(ctx),
      contextValue: ctx,
      variableValues: prepared.variables,
      operationName: prepared.operationName,
    });
    res.json({
      ...(result.errors ? { errors: result.errors.map((e) => formatError(e, logError)) } : {}),
      data: result.data ?? null,
    });
  });

  // ---- Admin API -----------------------------------------------------------------------------
  router.post('/admin/api/:version/graphql.json', json, async (req, res) => {
    const token = req.get('x-shopify-access-token');
    // DEMO_ADMIN_TOKEN, or a token the client credentials grant issued (until it expires).
    let accepted = token === DEMO_ADMIN_TOKEN;
    if (!accepted && token) {
      await ready();
      accepted = await issuedTokenValid(db, token);
    }
    if (!(await gate(req, res, accepted ? DEMO_ADMIN_TOKEN : undefined))) return;
    const schema = adminSchema();
    const prepared = prepare(schema, req.body);
    if (!prepared.ok) {
      const body = prepared.body as Record<string, unknown>;
      res
        .status(prepared.status)
        .json(prepared.status === 200 ? { ...body, extensions: { cost: costExtension(0, null) } } : body);
      return;
    }
    const operation = getOperationAST(prepared.document, prepared.operationName)!;
    let cost: number;
    try {
      cost = requestedQueryCost(schema, prepared.document, operation, prepared.variables);
    } catch (error) {
      if (!(error instanceof MissingPageSizeError)) throw error;
      res.json({ errors: [{ message: error.message }], extensions: { cost: costExtension(0, null) } });
      return;
    }
    if (cost > MAX_QUERY_COST) {
      res.json({
        errors: [
          {
            message: `Query cost is ${cost}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost, maxCost: MAX_QUERY_COST },
          },
        ],
      });
      return;
    }
    // Throttling (simulated through the control endpoint): the bucket lacks a little.
    const throttled = await db.query(
      `update demo_store.control set throttle_remaining = throttle_remaining - 1
       where id = 1 and throttle_remaining > 0 returning throttle_remaining`,
    );
    if (throttled.length) {
      res.json({
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: { cost: costExtension(cost, null, Math.max(0, cost - 20)) },
      });
      return;
    }
    let committed = false;
    const ctx: AdminContext = {
      db,
      publicUrl,
      apiVersion: String(req.params.version),
      afterCommit: () => {
        committed = true;
      },
    };
    const result = await execute({
      schema,
      document: prepared.document,
      rootValue: adminRoot(ctx),
      contextValue: ctx,
      variableValues: prepared.variables,
      operationName: prepared.operationName,
    });
    if (committed) webhooks.kick();
    res.json({
      ...(result.errors ? { errors: result.errors.map((e) => formatError(e, logError)) } : {}),
      data: result.data ?? null,
      extensions: {
        cost: costExtension(cost, actualQueryCost(result.data, operation.operation === 'mutation')),
      },
    });
  });

  // ---- Pages -----------------------------------------------------------------------------------
  router.get('/assets/checkout.css', (_req, res) => {
    res.type('text/css').set('Cache-Control', 'public, max-age=3600').send(CHECKOUT_CSS);
  });

  router.get('/images/:file', async (req, res) => {
    const parsed = parseImageFile(String(req.params.file));
    await ready();
    const [product] = parsed
      ? await db.query('select title, product_type from demo_store.products where handle = $1', [
          parsed.handle,
        ])
      : [];
    if (!parsed || !product) {
      res.status(404).json({ message: 'Not found' });
      return;
    }
    res
      .type('image/svg+xml')
      .set('Cache-Control', 'public, max-age=3600')
      .set('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(renderProductSvg({ title: product.title, productType: product.product_type }, parsed.colour));
  });

  const sendPage = (res: Response, status: number, html: string) => {
    res
      .status(status)
      .set('Content-Security-Policy', PAGE_POLICY)
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(html);
  };

  const cartLines = async (lines: { variantId: number; quantity: number }[]): Promise<PageLine[]> => {
    const variants = await loadVariants(
      db,
      lines.map((l) => l.variantId),
    );
    return lines.flatMap((l) => {
      const v = variants.get(l.variantId);
      if (!v) return [];
      return [
        {
          title: v.productTitle,
          variantTitle: v.title === 'Default Title' ? null : v.title,
          quantity: l.quantity,
          price: v.price,
          imageUrl: v.imageUrl ?? v.productImage,
        },
      ];
    });
  };
  const totalOf = (lines: PageLine[]) =>
    lines.reduce((sum, l) => sum + Number(l.price) * l.quantity, 0).toFixed(2);

  router.get('/checkouts/:token', async (req, res) => {
    await ready();
    const token = String(req.params.token);
    const [cart] = await db.query('select * from demo_store.carts where token = $1', [token]);
    if (!cart) {
      sendPage(res, 404, notFoundPage('This checkout does not exist or has expired.'));
      return;
    }
    const [order] = await db.query('select status_token from demo_store.orders where cart_token = $1', [
      token,
    ]);
    if (order) {
      res.redirect(303, `/demo-store/orders/${order.status_token}`);
      return;
    }
    const lines = await cartLines(cart.lines);
    const form: CheckoutForm = {
      email: cart.email ?? '',
      firstName: '',
      lastName: '',
      address1: '',
      city: '',
      zip: '',
      country: 'US',
    };
    sendPage(res, 200, checkoutPage({ token, lines, total: totalOf(lines), form, errors: [] }));
  });

  router.post('/checkouts/:token', form, async (req, res) => {
    await ready();
    const token = String(req.params.token);
    const [cart] = await db.query('select * from demo_store.carts where token = $1', [token]);
    if (!cart) {
      sendPage(res, 404, notFoundPage('This checkout does not exist or has expired.'));
      return;
    }
    const body = req.body ?? {};
    const values: CheckoutForm = {
      email: trimmed(body.email, 320),
      firstName: trimmed(body.firstName),
      lastName: trimmed(body.lastName),
      address1: trimmed(body.address1),
      city: trimmed(body.city),
      zip: trimmed(body.zip, 20),
      country: COUNTRIES.some(([code]) => code === body.country) ? String(body.country) : 'US',
    };
    const errors: string[] = [];
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) errors.push('Enter a valid email address.');
    if (!values.firstName || !values.lastName) errors.push('Enter your first and last name.');
    if (!values.address1 || !values.city || !values.zip)
      errors.push('Enter your address, city and postal code.');
    const render = async (status: number, messages: string[]) => {
      const lines = await cartLines(cart.lines);
      sendPage(
        res,
        status,
        checkoutPage({ token, lines, total: totalOf(lines), form: values, errors: messages }),
      );
    };
    if (errors.length) {
      await render(422, errors);
      return;
    }
    let order: OrderRow;
    try {
      order = await db.transaction(async (tx) => {
        // One order per checkout, even when "Pay now" is pressed twice.
        await tx.query('select token from demo_store.carts where token = $1 for update', [token]);
        const [existing] = await tx.query<OrderRow>('select * from demo_store.orders where cart_token = $1', [
          token,
        ]);
        if (existing) return existing;
        return placeOrder(
          tx,
          {
            email: values.email,
            lines: cart.lines,
            paid: true,
            customerName: `${values.firstName} ${values.lastName}`,
            shippingAddress: {
              first_name: values.firstName,
              last_name: values.lastName,
              address1: values.address1,
              city: values.city,
              zip: values.zip,
              country_code: values.country,
            },
            cartToken: token,
          },
          publicUrl,
        );
      });
    } catch (error) {
      if (error instanceof OrderRefusedError) {
        await render(409, [error.message]);
        return;
      }
      throw error;
    }
    webhooks.kick();
    res.redirect(303, `/demo-store/orders/${order.status_token}?placed=1`);
  });

  router.get('/orders/:token', async (req, res) => {
    await ready();
    const [row] = await db.query<{ id: string }>('select id from demo_store.orders where status_token = $1', [
      String(req.params.token),
    ]);
    const loaded = row ? await loadOrder(db, Number(row.id)) : null;
    if (!loaded) {
      sendPage(res, 404, notFoundPage('This order does not exist.'));
      return;
    }
    const { order, lines } = loaded;
    const variants = await loadVariants(
      db,
      lines.map((l) => Number(l.variant_id)),
    );
    const status = statusText(order);
    const fulfillment = order.fulfillments[order.fulfillments.length - 1] as
      Record<string, string | null> | undefined;
    sendPage(
      res,
      200,
      orderStatusPage({
        name: orderName(order),
        firstName: order.customer_name?.split(' ')[0] ?? null,
        email: order.email,
        status: status.text,
        warn: status.warn,
        tracking: fulfillment
          ? {
              number: fulfillment.tracking_number,
              url: fulfillment.tracking_url,
              company: fulfillment.tracking_company,
            }
          : null,
        lines: lines.map((l) => {
          const v = variants.get(Number(l.variant_id));
          return {
            title: l.title,
            variantTitle: l.variant_title,
            quantity: l.quantity,
            price: l.price,
            imageUrl: v ? (v.imageUrl ?? v.productImage) : null,
          };
        }),
        total: order.total_price,
        backUrl: `${publicUrl}/my-purchases`,
        justPlaced: req.query.placed === '1',
      }),
    );
  });

  // ---- Control endpoints (tests; JSON in and out) ---------------------------------------------
  const control = express.Router();
  control.use(json);
  // `:id` may be a gid (`gid://shopify/Order/1`, encoded or not): its numeric tail is used.
  control.use((req, _res, next) => {
    req.url = req.url.replace(
      /\/gid(?::|%3A)(?:\/|%2F)+shopify(?:\/|%2F)+(?:Order|Product)(?:\/|%2F)+(\d+)/i,
      '/$1',
    );
    next();
  });
  control.use(async (_req, _res, next) => {
    await ready();
    next();
  });

  const orderSummary = async (id: number) => {
    const loaded = await loadOrder(db, id);
    if (!loaded) return null;
    const { order } = loaded;
    return {
      id: gid('Order', order.id),
      legacyResourceId: Number(order.id),
      name: orderName(order),
      email: order.email,
      financialStatus: order.financial_status,
      fulfillmentStatus: order.fulfillment_status,
      cancelledAt: order.cancelled_at,
      totalPrice: order.total_price,
      statusUrl: orderStatusUrl(order, publicUrl),
    };
  };

  control.post('/orders', async (req, res) => {
    const body = req.body ?? {};
    const email = trimmed(body.email, 320);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      res.status(400).json({ message: 'email must be an email address' });
      return;
    }
    if (!Array.isArray(body.lines) || body.lines.length === 0 || body.lines.length > 100) {
      res.status(400).json({ message: 'lines must be a list of 1 to 100 { variantId | sku, quantity }' });
      return;
    }
    const lines: { variantId: number; quantity: number }[] = [];
    for (const line of body.lines) {
      const quantity = line?.quantity ?? 1;
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1000) {
        res.status(400).json({ message: 'quantity must be a whole number from 1 to 1000' });
        return;
      }
      let variantId = line?.variantId != null ? parseId(line.variantId, 'ProductVariant') : null;
      if (variantId === null && typeof line?.sku === 'string') {
        const [v] = await db.query('select id from demo_store.variants where sku = $1 order by id limit 1', [
          line.sku,
        ]);
        variantId = v ? Number(v.id) : null;
      }
      if (variantId === null) {
        res
          .status(400)
          .json({ message: `No variant for ${JSON.stringify(line?.variantId ?? line?.sku ?? null)}` });
        return;
      }
      lines.push({ variantId, quantity });
    }
    try {
      const order = await db.transaction((tx) =>
        placeOrder(
          tx,
          { email, lines, paid: body.paid !== false, customerName: trimmed(body.name) || null },
          publicUrl,
        ),
      );
      webhooks.kick();
      res.status(201).json(await orderSummary(Number(order.id)));
    } catch (error) {
      if (error instanceof OrderRefusedError) {
        res.status(409).json({ message: error.message });
        return;
      }
      throw error;
    }
  });

  control.get('/orders', async (_req, res) => {
    const rows = await db.query<{ id: string }>(
      'select id from demo_store.orders order by id desc limit 100',
    );
    res.json({ orders: await Promise.all(rows.map((r) => orderSummary(Number(r.id)))) });
  });

  const orderAction =
    (action: (id: number, body: any) => Promise<string | null>) => async (req: Request, res: Response) => {
      const id = parseId(String(req.params.id), 'Order');
      const error = id ? await action(id, req.body ?? {}) : 'not found';
      if (error === 'not found') {
        res.status(404).json({ message: 'No such order' });
        return;
      }
      if (error) {
        res.status(409).json({ message: error });
        return;
      }
      webhooks.kick();
      res.json(await orderSummary(id!));
    };
  control.post(
    '/orders/:id/fulfill',
    orderAction((id, body) =>
      db.transaction((tx) =>
        fulfillOrder(
          tx,
          id,
          {
            trackingNumber: trimmed(body.trackingNumber) || null,
            trackingUrl: trimmed(body.trackingUrl, 2000) || null,
            trackingCompany: trimmed(body.trackingCompany) || null,
          },
          publicUrl,
        ),
      ),
    ),
  );
  control.post(
    '/orders/:id/refund',
    orderAction((id) => db.transaction((tx) => refundOrder(tx, id, publicUrl))),
  );
  control.post(
    '/orders/:id/cancel',
    orderAction((id) => db.transaction((tx) => cancelOrder(tx, id, publicUrl))),
  );
  control.post(
    '/orders/:id/pay',
    orderAction((id) => db.transaction((tx) => payOrder(tx, id, publicUrl))),
  );

  control.post('/products/:id', async (req, res) => {
    const id = parseId(String(req.params.id), 'Product');
    const result = id
      ? await db.transaction((tx) => controlUpdateProduct(tx, id, req.body ?? {}, publicUrl))
      : { notFound: true };
    if (result.notFound) {
      res.status(404).json({ message: 'No such product' });
      return;
    }
    if (result.error) {
      res.status(400).json({ message: result.error });
      return;
    }
    webhooks.kick();
    const [row] = await db.query('select updated_at from demo_store.products where id = $1', [id]);
    res.json({ id: gid('Product', id!), updatedAt: row.updated_at });
  });

  control.delete('/products/:id', async (req, res) => {
    const id = parseId(String(req.params.id), 'Product');
    const deleted = id ? await db.transaction((tx) => deleteProduct(tx, id)) : false;
    if (!deleted) {
      res.status(404).json({ message: 'No such product' });
      return;
    }
    webhooks.kick();
    res.json({ id: gid('Product', id!), deleted: true });
  });

  control.post('/throttle', async (req, res) => {
    const count = req.body?.count;
    if (!Number.isInteger(count) || count < 0 || count > 1000) {
      res.status(400).json({ message: 'count must be a whole number from 0 to 1000' });
      return;
    }
    await db.query('update demo_store.control set throttle_remaining = $1 where id = 1', [count]);
    res.json({ count });
  });

  control.post('/outage', async (req, res) => {
    const down = req.body?.down;
    if (typeof down !== 'boolean') {
      res.status(400).json({ message: 'down must be true or false' });
      return;
    }
    await db.query('update demo_store.control set down = $1 where id = 1', [down]);
    res.json({ down });
  });

  const webhookReport = async () => {
    const [subscriptions, deliveries] = await Promise.all([
      db.query(
        'select id, topic, uri, format, api_version, created_at from demo_store.webhook_subscriptions order by id',
      ),
      db.query(
        `select id, webhook_id, topic, uri, status, attempts, last_status, last_error, created_at, delivered_at
         from demo_store.webhook_deliveries order by id desc limit 500`,
      ),
    ]);
    return {
      subscriptions: subscriptions.map((s) => ({
        id: gid('WebhookSubscription', s.id),
        topic: s.topic,
        uri: s.uri,
        format: s.format,
        apiVersion: s.api_version,
        createdAt: s.created_at,
      })),
      deliveries: deliveries.reverse().map((d) => ({
        id: Number(d.id),
        webhookId: d.webhook_id,
        topic: d.topic,
        uri: d.uri,
        status: d.status,
        attempts: d.attempts,
        lastStatus: d.last_status,
        lastError: d.last_error,
        createdAt: d.created_at,
        deliveredAt: d.delivered_at,
      })),
    };
  };
  control.get('/webhooks', async (_req, res) => {
    res.json(await webhookReport());
  });
  /** Sends every due delivery now and answers when done (tests). */
  control.post('/webhooks/deliver', async (_req, res) => {
    await webhooks.drain();
    res.json(await webhookReport());
  });

  mountDemoOAuth(router, control, db, ready, isDown);
  router.use('/_control', control);
  router.use((_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });

  return {
    router,
    db,
    webhooks,
    async close() {
      await webhooks.close();
      await db.close();
    },
  };
}
