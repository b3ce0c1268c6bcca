import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { UserError } from '../../graphql/errors';

export enum StoreConnectionStatus {
  CONNECTED = 'CONNECTED',
  DISCONNECTED = 'DISCONNECTED',
}

registerEnumType(StoreConnectionStatus, {
  name: 'StoreConnectionStatus',
  description: 'Whether DRX uses a commerce store now.',
  valuesConfig: {
    CONNECTED: { description: 'A store (or the built-in demo store) is connected: the shop is open.' },
    DISCONNECTED: { description: 'No store is connected: the shop is closed.' },
  },
});

@ObjectType({
  description:
    'One change of the store configuration (its history): who, when, what changed. Secret values are never recorded, only that they changed.',
})
export class StoreConfigEvent {
  @Field(() => ID, { description: 'The entry’s id.' })
  id!: string;

  @Field(() => Date, { description: 'When it happened.' })
  at!: Date;

  @Field(() => String, {
    nullable: true,
    description: 'Who did it (display name); null for the system or a deleted account.',
  })
  actorName!: string | null;

  @Field(() => ID, { nullable: true, description: 'Who did it (user id); null for the system.' })
  actorId!: string | null;

  @Field({
    description:
      'connected, updated, demo_connected, collections_changed, disconnected or webhooks_failed (a warning after connecting).',
  })
  action!: string;

  @Field({ description: 'What changed, in words (field names, never secret values).' })
  summary!: string;
}

@ObjectType({
  description:
    'The store DRX is connected to (admins only). Tokens and the webhook secret are write-only: only whether each is saved is shown.',
})
export class StoreConfiguration {
  @Field(() => StoreConnectionStatus, { description: 'Connected or not.' })
  status!: StoreConnectionStatus;

  @Field({ description: 'True when the built-in demo store is used (no money moves).' })
  demo!: boolean;

  @Field({ description: 'The kind of store: shopify.' })
  provider!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The store’s domain (e.g. dance-shop.myshopify.com); null when none was saved.',
  })
  shopDomain!: string | null;

  @Field(() => String, { nullable: true, description: 'The API version used (e.g. 2026-04).' })
  apiVersion!: string | null;

  @Field({ description: 'Whether a Storefront API access token is saved (its value is never shown).' })
  hasStorefrontToken!: boolean;

  @Field({ description: 'Whether an Admin API access token is saved (its value is never shown).' })
  hasAdminToken!: boolean;

  @Field({ description: 'Whether a webhook signing secret is saved (its value is never shown).' })
  hasWebhookSecret!: boolean;

  @Field(() => String, {
    nullable: true,
    description:
      'The Dev Dashboard app’s client ID when the Admin API is reached with a client ID and secret (client credentials grant); null with an Admin API access token.',
  })
  clientId!: string | null;

  @Field({
    description:
      'Whether the Dev Dashboard app’s client secret is saved (its value is never shown). DRX exchanges it for Admin API access tokens, renewed before they expire, and verifies webhooks with it when no webhook secret is saved.',
  })
  hasClientSecret!: boolean;

  @Field(() => [String], {
    description: 'The ids of the store collections DRX shows; empty: every product of the store.',
  })
  collectionIds!: string[];

  @Field(() => String, { nullable: true, description: 'The shop’s name, as the store reported it.' })
  shopName!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The shop’s currency (ISO 4217), as the store reported it.',
  })
  currencyCode!: string | null;

  @Field(() => Date, { nullable: true, description: 'When this store was connected.' })
  connectedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the configuration last changed.' })
  updatedAt!: Date | null;

  @Field(() => String, {
    nullable: true,
    description: 'Who last changed the configuration (display name).',
  })
  updatedByName!: string | null;

  @Field(() => Date, { nullable: true, description: 'When the last product sync started.' })
  lastSyncStartedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the last product sync finished.' })
  lastSyncFinishedAt!: Date | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why the last product sync failed; null when it did not.',
  })
  lastSyncError!: string | null;

  @Field({
    description:
      'Where the store must send its webhooks (registered automatically on connect; shown to copy into the store’s settings).',
  })
  webhookUrl!: string;

  @Field({ description: 'Whether the built-in demo store may be used on this server (never in production).' })
  demoAvailable!: boolean;
}

@ObjectType({ description: 'A collection of the connected store, and whether DRX shows it.' })
export class StoreCollection {
  @Field(() => ID, { description: 'The store’s id of the collection (a gid://shopify/Collection/… id).' })
  id!: string;

  @Field({ description: 'Its handle in the store.' })
  handle!: string;

  @Field({ description: 'Its title.' })
  title!: string;

  @Field({ description: 'Whether DRX shows this collection’s products.' })
  selected!: boolean;
}

@InputType({
  description:
    'How to reach a store. A blank token keeps the one saved for the same shop domain. A new shop needs the Storefront token and either an Admin API access token with the webhook secret (an admin-created custom app) or a client ID and secret (a Dev Dashboard app; the webhook secret is then optional: the client secret signs webhooks).',
})
export class StoreConnectInput {
  @Field({
    description:
      'The shop’s domain, e.g. dance-shop.myshopify.com (https:// and a trailing / are ignored). A domain other than *.myshopify.com must be a public address (not localhost, nor a private, loopback or link-local address literally or by its DNS answer): INVALID_INPUT otherwise.',
  })
  shopDomain!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The API version, e.g. 2026-04 (YYYY-01/04/07/10); null or blank: 2026-04.',
  })
  apiVersion?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The Storefront API access token; null or blank keeps the saved one.',
  })
  storefrontToken?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The Admin API access token (shpat_…) of an admin-created custom app; null or blank keeps the saved one. Not with clientId/clientSecret.',
  })
  adminToken?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'A Dev Dashboard app’s client ID (its Settings page), given with clientSecret instead of adminToken: DRX gets the Admin API access token itself and renews it. Null or blank keeps the saved one.',
  })
  clientId?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The Dev Dashboard app’s client secret (write-only; also verifies webhooks when no webhookSecret is given). Null or blank keeps the saved one for the same client ID.',
  })
  clientSecret?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The webhook signing secret (the app’s API secret key); null or blank keeps the saved one. Optional with a client ID and secret (the client secret is used).',
  })
  webhookSecret?: string | null;
}

@ObjectType({ description: 'The store configuration after a change, or why the change was refused.' })
export class StoreConnectionPayload {
  @Field(() => StoreConfiguration, {
    nullable: true,
    description: 'The configuration after the change; null on userErrors.',
  })
  connection!: StoreConfiguration | null;

  @Field(() => [UserError], {
    description: 'Why the change was refused (nothing changed then); empty on success.',
  })
  userErrors!: UserError[];
}

@ObjectType({ description: 'What a connection test found.' })
export class StoreTestConnectionPayload {
  @Field(() => String, { nullable: true, description: 'The shop’s name; null when the test failed.' })
  shopName!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The shop’s currency (ISO 4217); null when the test failed.',
  })
  currencyCode!: string | null;

  @Field(() => [UserError], {
    description:
      'Why the test failed (STORE_UNAVAILABLE: not reachable; UNAUTHORIZED: a token was refused, `field` names it); empty when it worked.',
  })
  userErrors!: UserError[];
}
