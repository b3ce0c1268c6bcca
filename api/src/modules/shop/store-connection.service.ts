import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config';
import { DomainError } from '../../graphql/errors';
import { jobs } from '../../jobs';
import { joinUserSql, userNameParts } from '../users';
import { DEMO_STORE_API_VERSION, DEMO_STORE_DOMAIN } from './demo-store-constants';
import { encryptSecret } from './secret-box';
import { assertShopDomainReachable } from './store-domain';
import type { AdminTokenSource } from './shopify/shopify-store-provider';
import {
  clientCredentialsToken,
  createStoreProvider,
  DEFAULT_STORE_API_VERSION,
  DEMO_STORE_SETTINGS,
  getActiveStore,
  openStoredSecret,
  readStoreConnectionRow,
  sealAccessToken,
  SECRET_COLUMNS,
  type SecretField,
  type StoreConnectionRow,
  storeWebhookUrl,
  usesClientCredentials,
} from './store-connection';
import {
  StoreConfigEvent,
  StoreCollection,
  StoreConfiguration,
  StoreConnectionStatus,
} from './store-connection.types';
import { StoreError, STORE_WEBHOOK_TOPICS, type StoreSettings, type StoreShopInfo } from './store-provider';
import { log } from '../../observability/logger';

/**
 * The admin side of the store connection (store-connection.resolver.ts): read it, test it, connect
 * (a real store or the demo store), choose collections, disconnect. Secrets are encrypted before
 * they are stored and never returned; every change is recorded in `store_config_events` with who
 * did it and which fields changed (never their values).
 */

/** The job (shop.jobs.ts) that copies the store's products into DRX. */
const SHOP_SYNC_JOB = 'shop.sync';

export type StoreConfigAction =
  'connected' | 'updated' | 'demo_connected' | 'collections_changed' | 'disconnected' | 'webhooks_failed';

interface EventDetails {
  shopDomain?: string;
  fields?: string[];
  collectionIds?: string[];
  warning?: string;
  /** The demo store adopted at the first start (no one pressed connect). */
  firstStart?: boolean;
}

const FIELD_LABELS: Record<string, string> = {
  shopDomain: 'shop domain',
  apiVersion: 'API version',
  storefrontToken: 'Storefront access token',
  adminToken: 'Admin API access token',
  clientId: 'client ID',
  clientSecret: 'client secret',
  webhookSecret: 'webhook secret',
};

/** The settings compared to tell which fields a connect changed (history). */
const SETTING_FIELDS = [
  'shopDomain',
  'apiVersion',
  'storefrontToken',
  'adminToken',
  'clientId',
  'clientSecret',
  'webhookSecret',
] as const;
const TOKEN_MAX = 512;
const MAX_COLLECTIONS = 250;

/** The connection input as typed by an admin (any of the tokens may be blank). */
export interface StoreConnectFields {
  shopDomain: string;
  apiVersion?: string | null;
  storefrontToken?: string | null;
  adminToken?: string | null;
  /** A Dev Dashboard app's client ID: with clientSecret, instead of adminToken. */
  clientId?: string | null;
  clientSecret?: string | null;
  /** Optional with a client ID and secret (the app signs webhooks with its client secret). */
  webhookSecret?: string | null;
}

/** `dance-shop.myshopify.com` from what an admin typed (a URL, upper case, a trailing slash…). */
export function normalizeShopDomain(raw: string): string {
  const domain = raw
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
  const valid =
    domain.length <= 253 &&
    new RegExp(`^${label}(?:\\.${label})+$`).test(domain) &&
    /[a-z]/.test(domain.split('.').pop() ?? '');
  if (!valid) {
    throw new DomainError(
      'INVALID_INPUT',
      'Enter the shop’s domain, such as dance-shop.myshopify.com.',
      'shopDomain',
    );
  }
  return domain;
}

/** A Shopify API version (`2026-04`, `unstable`); blank: the default. */
export function normalizeApiVersion(raw: string | null | undefined): string {
  const version = (raw ?? '').trim();
  if (!version) return DEFAULT_STORE_API_VERSION;
  if (!/^(\d{4}-(01|04|07|10)|unstable)$/.test(version)) {
    throw new DomainError(
      'INVALID_INPUT',
      'The API version looks like 2026-04 (a year and 01, 04, 07 or 10).',
      'apiVersion',
    );
  }
  return version;
}

function normalizeToken(raw: string | null | undefined, field: SecretField | 'clientId'): string | null {
  const token = (raw ?? '').trim();
  if (!token) return null;
  if (token.length > TOKEN_MAX || /\s/.test(token)) {
    throw new DomainError(
      'INVALID_INPUT',
      `The ${FIELD_LABELS[field]} must be one word of at most ${TOKEN_MAX} characters.`,
      field,
    );
  }
  return token;
}

/** A StoreError from testing a connection, as the userError an admin reads. */
export function userErrorOfStoreError(
  error: StoreError,
  unavailableField: string | null = 'shopDomain',
): DomainError {
  switch (error.code) {
    case 'UNAUTHORIZED':
      return new DomainError(
        'UNAUTHORIZED',
        `The token was refused: ${error.message} Check the ${FIELD_LABELS[error.credential ?? 'adminToken']}.`,
        error.credential ?? 'adminToken',
      );
    case 'UNAVAILABLE':
      return new DomainError(
        'STORE_UNAVAILABLE',
        `The store could not be reached: ${error.message}`,
        unavailableField ?? undefined,
      );
    case 'THROTTLED':
      return new DomainError('STORE_UNAVAILABLE', `The store is busy: ${error.message} Try again shortly.`);
    default:
      return new DomainError('INVALID_INPUT', error.message);
  }
}

function summaryOf(action: string, details: EventDetails): string {
  const labels = (details.fields ?? []).map((f) => FIELD_LABELS[f] ?? f);
  switch (action) {
    case 'connected':
      return `Connected ${details.shopDomain ?? 'a store'}${labels.length ? ` (set: ${labels.join(', ')})` : ''}.`;
    case 'updated':
      return labels.length
        ? `Changed the ${labels.join(', ')} of ${details.shopDomain ?? 'the store'}.`
        : `Tested and saved ${details.shopDomain ?? 'the store'} again (nothing changed).`;
    case 'demo_connected':
      return details.firstStart
        ? 'Connected the built-in demo store at the first start (no store was configured).'
        : 'Connected the built-in demo store.';
    case 'collections_changed': {
      const n = details.collectionIds?.length ?? 0;
      return n === 0
        ? 'DRX shows every product of the store (no collection chosen).'
        : `DRX shows the products of ${n} collection${n === 1 ? '' : 's'}: ${details.collectionIds!.join(', ')}.`;
    }
    case 'disconnected':
      return `Disconnected ${details.shopDomain ?? 'the store'}; its saved tokens were deleted.`;
    case 'webhooks_failed':
      return `Warning: the store’s webhooks could not be registered (${details.warning ?? 'unknown error'}). Orders will not come back until they are: connect again or add them in the store.`;
    default:
      return action;
  }
}

/** A timestamp column as read by a raw query (a string or a Date), as a Date. */
function dateOrNull(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}

function displayName(firstName: string | null, username: string | null): string | null {
  return firstName?.trim() || username || null;
}

export class StoreConnectionService {
  constructor(
    private readonly em: EntityManager,
    private readonly config: Config,
  ) {}

  // ------------------------------------------------------------------ reading

  /** The configuration as admins see it (no secret values). */
  async view(): Promise<StoreConfiguration> {
    const row = await readStoreConnectionRow(this.em);
    const base = {
      provider: 'shopify',
      webhookUrl: storeWebhookUrl(this.config),
      demoAvailable: this.config.demoStore,
    };
    if (!row) {
      const demo = this.config.demoStore;
      return {
        ...base,
        status: demo ? StoreConnectionStatus.CONNECTED : StoreConnectionStatus.DISCONNECTED,
        demo,
        shopDomain: demo ? DEMO_STORE_DOMAIN : null,
        apiVersion: demo ? DEMO_STORE_API_VERSION : null,
        hasStorefrontToken: demo,
        hasAdminToken: demo,
        hasWebhookSecret: demo,
        clientId: null,
        hasClientSecret: false,
        collectionIds: [],
        shopName: null,
        currencyCode: null,
        connectedAt: null,
        updatedAt: null,
        updatedByName: null,
        lastSyncStartedAt: null,
        lastSyncFinishedAt: null,
        lastSyncError: null,
      };
    }
    const demoRefused = row.demo && !this.config.demoStore;
    const connected = row.status === 'connected' && !demoRefused;
    return {
      ...base,
      status: connected ? StoreConnectionStatus.CONNECTED : StoreConnectionStatus.DISCONNECTED,
      demo: row.demo,
      shopDomain: row.shop_domain,
      apiVersion: row.api_version,
      hasStorefrontToken: row.storefront_token_enc !== null,
      hasAdminToken: row.admin_token_enc !== null,
      hasWebhookSecret: row.webhook_secret_enc !== null,
      clientId: row.client_id,
      hasClientSecret: row.client_secret_enc !== null,
      collectionIds: row.collection_ids ?? [],
      shopName: row.shop_name,
      currencyCode: row.currency_code,
      connectedAt: dateOrNull(row.connected_at),
      updatedAt: dateOrNull(row.updated_at),
      updatedByName: await this.nameOf(row.updated_by),
      lastSyncStartedAt: dateOrNull(row.last_sync_started_at),
      lastSyncFinishedAt: dateOrNull(row.last_sync_finished_at),
      lastSyncError: row.last_sync_error,
    };
  }

  private async nameOf(userId: string | null): Promise<string | null> {
    if (!userId) return null;
    const name = await userNameParts(this.em, userId);
    return name ? displayName(name.first_name, name.username) : null;
  }

  /** The configuration's history, newest first. */
  async events(first: number): Promise<StoreConfigEvent[]> {
    const limit = Math.max(1, Math.min(100, Math.trunc(first) || 20));
    const rows = await this.em.getConnection().execute<
      {
        id: string;
        at: Date;
        actor_id: string | null;
        action: string;
        details: EventDetails;
        first_name: string | null;
        username: string | null;
      }[]
    >(
      `select e.id, e.at, e.actor_id, e.action, e.details, u.first_name, u.username
         from store_config_events e ${joinUserSql('u', 'e.actor_id', 'left join')}
        order by e.at desc, e.id desc
        limit ?`,
      [limit],
    );
    return rows.map((r) => ({
      id: String(r.id),
      at: new Date(r.at),
      actorId: r.actor_id,
      actorName: displayName(r.first_name, r.username),
      action: r.action,
      summary: summaryOf(r.action, r.details ?? {}),
    }));
  }

  /**
   * The store's collections, live, with DRX's choice. When the store cannot be asked, the chosen
   * ones (by id) so that a form does not lose them; none when no store is connected.
   */
  async collections(): Promise<StoreCollection[]> {
    const active = await getActiveStore(this.em, this.config);
    if (!active) return [];
    const chosen = new Set(active.collectionIds);
    try {
      const all = await active.provider.collections();
      return all.map((c) => ({ ...c, selected: chosen.has(c.id) }));
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      log().warn({ detail: error.message }, '[store] collections could not be read');
      return active.collectionIds.map((id) => ({ id, handle: '', title: id, selected: true }));
    }
  }

  // ------------------------------------------------------------------ changing

  private requireKey(): Buffer {
    const key = this.config.storeSecretsKey;
    if (!key) {
      throw new DomainError(
        'CONFLICT',
        'The server cannot store the store’s tokens safely: set STORE_SECRETS_KEY (32 random bytes as 64 hex characters, e.g. `openssl rand -hex 32`) and restart, then connect again.',
      );
    }
    return key;
  }

  /**
   * The settings these fields describe: blank tokens are taken from the saved connection when it
   * is the same (non-demo) shop; otherwise every token is required.
   */
  private async settingsFrom(
    input: StoreConnectFields,
    current: StoreConnectionRow | null,
  ): Promise<{ settings: StoreSettings; previous: Partial<StoreSettings> | null }> {
    const shopDomain = normalizeShopDomain(input.shopDomain);
    if (shopDomain === DEMO_STORE_DOMAIN && !this.config.demoStore) {
      throw new DomainError(
        'INVALID_INPUT',
        'The built-in demo store is not available on this server (production, or DEMO_STORE=false).',
        'shopDomain',
      );
    }
    await assertShopDomainReachable(shopDomain, this.config);
    const apiVersion = normalizeApiVersion(input.apiVersion);
    const given: Record<SecretField, string | null> = {
      storefrontToken: normalizeToken(input.storefrontToken, 'storefrontToken'),
      adminToken: normalizeToken(input.adminToken, 'adminToken'),
      clientSecret: normalizeToken(input.clientSecret, 'clientSecret'),
      webhookSecret: normalizeToken(input.webhookSecret, 'webhookSecret'),
    };
    const clientId = normalizeToken(input.clientId, 'clientId');
    if (given.adminToken && (clientId || given.clientSecret)) {
      throw new DomainError(
        'INVALID_INPUT',
        'Give either an Admin API access token or the app’s client ID and secret, not both.',
        'adminToken',
      );
    }
    const sameStore = current !== null && current.shop_domain === shopDomain;
    const saved: Partial<Record<SecretField, string>> = {};
    const unreadable = new Set<SecretField>();
    for (const field of Object.keys(SECRET_COLUMNS) as SecretField[]) {
      const sealed = sameStore ? current[SECRET_COLUMNS[field]] : null;
      if (!sealed) continue;
      try {
        if (!this.config.storeSecretsKey) throw new Error('no key');
        saved[field] = openStoredSecret(this.config.storeSecretsKey, field, sealed);
      } catch {
        unreadable.add(field);
      }
    }
    const previous: Partial<StoreSettings> | null = sameStore
      ? {
          shopDomain,
          apiVersion: current.api_version ?? undefined,
          clientId: current.client_id ?? undefined,
          ...saved,
        }
      : null;
    const need = (field: SecretField, value: string | null | undefined): string => {
      if (value) return value;
      throw new DomainError(
        'INVALID_INPUT',
        unreadable.has(field)
          ? `The saved ${FIELD_LABELS[field]} cannot be read (was STORE_SECRETS_KEY changed?): enter it again.`
          : `Enter the ${FIELD_LABELS[field]}: it is needed to connect ${shopDomain}.`,
        field,
      );
    };
    // An Admin API token, or a client ID and secret: what was typed, else what is saved.
    const savedMode = !sameStore
      ? null
      : current.admin_token_enc
        ? 'token'
        : current.client_id
          ? 'client'
          : null;
    const mode = given.adminToken
      ? 'token'
      : clientId || given.clientSecret
        ? 'client'
        : (savedMode ?? 'token');
    const settings: StoreSettings = {
      shopDomain,
      apiVersion,
      storefrontToken: need('storefrontToken', given.storefrontToken ?? saved.storefrontToken),
    };
    if (mode === 'token') {
      settings.adminToken = need('adminToken', given.adminToken ?? saved.adminToken);
      settings.webhookSecret = need('webhookSecret', given.webhookSecret ?? saved.webhookSecret);
    } else {
      const id = clientId ?? (sameStore ? current.client_id : null);
      if (!id) {
        throw new DomainError(
          'INVALID_INPUT',
          `Enter the app’s client ID (Dev Dashboard → the app → Settings) with its client secret.`,
          'clientId',
        );
      }
      const sameApp = sameStore && current.client_id === id;
      settings.clientId = id;
      settings.clientSecret = need(
        'clientSecret',
        given.clientSecret ?? (sameApp ? saved.clientSecret : null),
      );
      const webhookSecret = given.webhookSecret ?? (sameApp ? saved.webhookSecret : undefined);
      if (webhookSecret) settings.webhookSecret = webhookSecret;
    }
    return { settings, previous };
  }

  /** Asks the store for its name and currency with these settings; a failure is a userError. */
  private async probe(settings: StoreSettings, adminTokenSource?: AdminTokenSource): Promise<StoreShopInfo> {
    try {
      return await createStoreProvider(settings, this.config, { adminTokenSource }).shop();
    } catch (error) {
      if (error instanceof StoreError) throw userErrorOfStoreError(error);
      throw error;
    }
  }

  /** Tests the given settings (blank tokens: the saved ones), or the saved connection; saves nothing. */
  async test(input: StoreConnectFields | null): Promise<{ shopName: string; currencyCode: string }> {
    let info: StoreShopInfo;
    if (input) {
      info = await this.probe(
        (await this.settingsFrom(input, await readStoreConnectionRow(this.em))).settings,
      );
    } else {
      const active = await getActiveStore(this.em, this.config);
      if (!active) throw new DomainError('STORE_UNAVAILABLE', 'No store is connected.');
      // Its own provider: a client credentials connection uses (and renews) its saved token.
      try {
        info = await active.provider.shop();
      } catch (error) {
        if (error instanceof StoreError) throw userErrorOfStoreError(error);
        throw error;
      }
    }
    return { shopName: info.name, currencyCode: info.currencyCode };
  }

  /** Tests, then saves a real store's settings, registers its webhooks and queues a full sync. */
  async connect(actorId: string, input: StoreConnectFields): Promise<StoreConfiguration> {
    const key = this.requireKey();
    const { settings, previous } = await this.settingsFrom(input, await readStoreConnectionRow(this.em));
    // With a client ID and secret the probe's token is saved and used on (fetched once).
    const tokenSource = usesClientCredentials(settings)
      ? clientCredentialsToken(settings, this.config)
      : undefined;
    const info = await this.probe(settings, tokenSource);
    const accessToken = tokenSource?.cached?.() ?? null;
    await this.em.transactional(async (tx) => {
      const current = await readStoreConnectionRow(tx, { forUpdate: true });
      const sameStore =
        current !== null && current.status === 'connected' && current.shop_domain === settings.shopDomain;
      const fields = SETTING_FIELDS.filter((f) =>
        sameStore ? previous?.[f] !== settings[f] : settings[f] !== undefined,
      );
      const seal = (field: SecretField) => {
        const value = settings[field];
        return value ? encryptSecret(key, value, SECRET_COLUMNS[field]) : null;
      };
      await tx.getConnection().execute(
        `insert into store_connection (id, provider, status, demo, shop_domain, api_version,
            storefront_token_enc, admin_token_enc, webhook_secret_enc, client_id, client_secret_enc,
            access_token_enc, access_token_expires_at, collection_ids, shop_name,
            currency_code, connected_at, updated_at, updated_by, sync_watermark, last_sync_error)
         values (1, 'shopify', 'connected', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::text[], ?, ?, now(), now(), ?, null, null)
         on conflict (id) do update set
            provider = excluded.provider, status = excluded.status, demo = excluded.demo,
            shop_domain = excluded.shop_domain, api_version = excluded.api_version,
            storefront_token_enc = excluded.storefront_token_enc,
            admin_token_enc = excluded.admin_token_enc,
            webhook_secret_enc = excluded.webhook_secret_enc,
            client_id = excluded.client_id, client_secret_enc = excluded.client_secret_enc,
            access_token_enc = excluded.access_token_enc,
            access_token_expires_at = excluded.access_token_expires_at,
            collection_ids = ${sameStore ? 'store_connection.collection_ids' : 'excluded.collection_ids'},
            shop_name = excluded.shop_name, currency_code = excluded.currency_code,
            connected_at = ${sameStore ? 'store_connection.connected_at' : 'excluded.connected_at'},
            updated_at = excluded.updated_at, updated_by = excluded.updated_by,
            sync_watermark = ${sameStore ? 'store_connection.sync_watermark' : 'null'},
            last_sync_error = ${sameStore ? 'store_connection.last_sync_error' : 'null'}`,
        [
          settings.shopDomain === DEMO_STORE_DOMAIN,
          settings.shopDomain,
          settings.apiVersion,
          seal('storefrontToken'),
          seal('adminToken'),
          seal('webhookSecret'),
          settings.clientId ?? null,
          seal('clientSecret'),
          accessToken ? sealAccessToken(key, accessToken.token) : null,
          accessToken?.expiresAt ?? null,
          '{}',
          info.name.slice(0, 255),
          info.currencyCode.slice(0, 3),
          actorId,
        ],
        'run',
        tx.getTransactionContext(),
      );
      await recordStoreConfigEvent(tx, actorId, sameStore ? 'updated' : 'connected', {
        shopDomain: settings.shopDomain,
        fields: [...fields],
      });
      await queueFullSync(tx);
    });
    await this.registerWebhooks(actorId, settings, tokenSource);
    return this.view();
  }

  /** Connects the built-in demo store (outside production only). */
  async connectDemo(actorId: string): Promise<StoreConfiguration> {
    if (!this.config.demoStore) {
      throw new DomainError(
        'CONFLICT',
        'The built-in demo store is not available on this server (production, or DEMO_STORE=false).',
      );
    }
    const key = this.requireKey();
    const settings = { ...DEMO_STORE_SETTINGS };
    const info = await this.probe(settings);
    await this.em.transactional(async (tx) => {
      const current = await readStoreConnectionRow(tx, { forUpdate: true });
      const wasDemo = current !== null && current.status === 'connected' && current.demo;
      await upsertDemoRow(tx, key, actorId, wasDemo ? null : [], info);
      await recordStoreConfigEvent(tx, actorId, 'demo_connected', { shopDomain: DEMO_STORE_DOMAIN });
      await queueFullSync(tx);
    });
    await this.registerWebhooks(actorId, settings);
    return this.view();
  }

  /** Chooses the collections DRX shows (empty: every product) and queues a full sync. */
  async setCollections(actorId: string, collectionIds: string[]): Promise<StoreConfiguration> {
    const ids = [...new Set(collectionIds.map((id) => id.trim()).filter(Boolean))];
    if (ids.length > MAX_COLLECTIONS) {
      throw new DomainError(
        'INVALID_INPUT',
        `Choose at most ${MAX_COLLECTIONS} collections.`,
        'collectionIds',
      );
    }
    const active = await getActiveStore(this.em, this.config);
    if (!active) throw new DomainError('STORE_UNAVAILABLE', 'No store is connected.');
    if (ids.length > 0) {
      let known: Set<string>;
      try {
        known = new Set((await active.provider.collections()).map((c) => c.id));
      } catch (error) {
        if (error instanceof StoreError) throw userErrorOfStoreError(error);
        throw error;
      }
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw new DomainError(
          'INVALID_INPUT',
          `The store has no collection ${unknown.join(', ')}.`,
          'collectionIds',
        );
      }
    }
    await this.em.transactional(async (tx) => {
      const current = await readStoreConnectionRow(tx, { forUpdate: true });
      if (!current) {
        // The implicit demo store becomes an explicit demo connection with this choice.
        await upsertDemoRow(tx, this.requireKey(), actorId, ids, null);
      } else {
        if (current.status !== 'connected') {
          throw new DomainError('STORE_UNAVAILABLE', 'No store is connected.');
        }
        await tx
          .getConnection()
          .execute(
            `update store_connection set collection_ids = ?::text[], updated_at = now(), updated_by = ? where id = 1`,
            [toPgArray(ids), actorId],
            'run',
            tx.getTransactionContext(),
          );
      }
      await recordStoreConfigEvent(tx, actorId, 'collections_changed', { collectionIds: ids });
      await queueFullSync(tx);
    });
    return this.view();
  }

  /** Stops using the store: its tokens are deleted (connecting again needs them anew). */
  async disconnect(actorId: string): Promise<StoreConfiguration> {
    await this.em.transactional(async (tx) => {
      const current = await readStoreConnectionRow(tx, { forUpdate: true });
      if (current?.status === 'disconnected' || (!current && !this.config.demoStore)) {
        throw new DomainError('CONFLICT', 'No store is connected.');
      }
      await tx.getConnection().execute(
        `insert into store_connection (id, status, demo, shop_domain, api_version, updated_at, updated_by)
         values (1, 'disconnected', ?, ?, ?, now(), ?)
         on conflict (id) do update set
            status = 'disconnected', storefront_token_enc = null, admin_token_enc = null,
            webhook_secret_enc = null, client_id = null, client_secret_enc = null,
            access_token_enc = null, access_token_expires_at = null,
            collection_ids = '{}', sync_watermark = null,
            updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
        [
          current ? current.demo : true,
          current ? current.shop_domain : DEMO_STORE_DOMAIN,
          current ? current.api_version : DEMO_STORE_API_VERSION,
          actorId,
        ],
        'run',
        tx.getTransactionContext(),
      );
      await recordStoreConfigEvent(tx, actorId, 'disconnected', {
        shopDomain: current?.shop_domain ?? DEMO_STORE_DOMAIN,
      });
    });
    return this.view();
  }

  /** Registers the webhooks; a failure is a warning in the history, not a refusal. */
  private async registerWebhooks(
    actorId: string,
    settings: StoreSettings,
    adminTokenSource?: AdminTokenSource,
  ): Promise<void> {
    try {
      await createStoreProvider(settings, this.config, { adminTokenSource }).ensureWebhooks(
        storeWebhookUrl(this.config),
        STORE_WEBHOOK_TOPICS,
      );
    } catch (error) {
      if (!(error instanceof StoreError)) log().error({ err: error }, '[store] webhook registration failed');
      await recordStoreConfigEvent(this.em, actorId, 'webhooks_failed', {
        shopDomain: settings.shopDomain,
        warning: (error as Error).message.slice(0, 500),
      });
    }
  }
}

/** `{a,b}`: a text[] literal for a bound parameter. */
function toPgArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** Saves the demo connection; `collectionIds` null keeps the chosen ones. */
/**
 * `npm start` with no store configured: the built-in demo store becomes the saved connection (a
 * demo row, recorded in the history as connected at first start), so its sync state, name and
 * outages show like any store's. Never replaces a saved configuration (a disconnect included);
 * nothing outside the demo store's servers (production, DEMO_STORE=false) or without a key.
 */
export async function adoptDemoStore(em: EntityManager, config: Config): Promise<boolean> {
  if (!config.demoStore || !config.storeSecretsKey) return false;
  const key = config.storeSecretsKey;
  const s = DEMO_STORE_SETTINGS;
  return em.transactional(async (tx) => {
    const inserted = await tx.getConnection().execute<{ id: number }[]>(
      `insert into store_connection (id, provider, status, demo, shop_domain, api_version,
          storefront_token_enc, admin_token_enc, webhook_secret_enc, connected_at, updated_at)
       values (1, 'shopify', 'connected', true, ?, ?, ?, ?, ?, now(), now())
       on conflict (id) do nothing returning id`,
      [
        s.shopDomain,
        s.apiVersion,
        encryptSecret(key, s.storefrontToken, SECRET_COLUMNS.storefrontToken),
        encryptSecret(key, s.adminToken!, SECRET_COLUMNS.adminToken),
        encryptSecret(key, s.webhookSecret!, SECRET_COLUMNS.webhookSecret),
      ],
      'all',
      tx.getTransactionContext(),
    );
    if (inserted.length === 0) return false;
    await recordStoreConfigEvent(tx, null, 'demo_connected', {
      shopDomain: DEMO_STORE_DOMAIN,
      firstStart: true,
    });
    return true;
  });
}

async function upsertDemoRow(
  tx: EntityManager,
  key: Buffer,
  actorId: string,
  collectionIds: string[] | null,
  info: StoreShopInfo | null,
): Promise<void> {
  const s = DEMO_STORE_SETTINGS;
  await tx.getConnection().execute(
    `insert into store_connection (id, provider, status, demo, shop_domain, api_version,
        storefront_token_enc, admin_token_enc, webhook_secret_enc, collection_ids, shop_name,
        currency_code, connected_at, updated_at, updated_by)
     values (1, 'shopify', 'connected', true, ?, ?, ?, ?, ?, ?::text[], ?, ?, now(), now(), ?)
     on conflict (id) do update set
        provider = excluded.provider, status = excluded.status, demo = true,
        shop_domain = excluded.shop_domain, api_version = excluded.api_version,
        storefront_token_enc = excluded.storefront_token_enc, admin_token_enc = excluded.admin_token_enc,
        webhook_secret_enc = excluded.webhook_secret_enc,
        client_id = null, client_secret_enc = null, access_token_enc = null, access_token_expires_at = null,
        collection_ids = ${collectionIds === null ? 'store_connection.collection_ids' : 'excluded.collection_ids'},
        shop_name = coalesce(excluded.shop_name, store_connection.shop_name),
        currency_code = coalesce(excluded.currency_code, store_connection.currency_code),
        connected_at = case when store_connection.status = 'connected' and store_connection.demo
                            then store_connection.connected_at else excluded.connected_at end,
        sync_watermark = case when store_connection.status = 'connected' and store_connection.demo
                              then store_connection.sync_watermark else null end,
        updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    [
      s.shopDomain,
      s.apiVersion,
      encryptSecret(key, s.storefrontToken, SECRET_COLUMNS.storefrontToken),
      encryptSecret(key, s.adminToken!, SECRET_COLUMNS.adminToken),
      encryptSecret(key, s.webhookSecret!, SECRET_COLUMNS.webhookSecret),
      toPgArray(collectionIds ?? []),
      info ? info.name.slice(0, 255) : null,
      info ? info.currencyCode.slice(0, 3) : null,
      actorId,
    ],
    'run',
    tx.getTransactionContext(),
  );
}

/** Records a change of the store configuration (in the caller's transaction when there is one). */
export async function recordStoreConfigEvent(
  em: EntityManager,
  actorId: string | null,
  action: StoreConfigAction,
  details: EventDetails,
): Promise<void> {
  await em
    .getConnection()
    .execute(
      `insert into store_config_events (actor_id, action, details) values (?, ?, ?::jsonb)`,
      [actorId, action, JSON.stringify(details)],
      'run',
      em.getTransactionContext(),
    );
}

/** Queues a full product sync, in the caller's transaction (it exists only if that commits). */
async function queueFullSync(tx: EntityManager): Promise<void> {
  await jobs.send(SHOP_SYNC_JOB, { full: true }, { em: tx });
}
