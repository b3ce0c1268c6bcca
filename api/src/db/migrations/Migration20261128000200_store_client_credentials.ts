import { Migration } from '@mikro-orm/migrations';

/**
 * Dev Dashboard apps (every custom app created since 1 January 2026) have no lasting Admin API
 * token: DRX exchanges their client ID and secret for access tokens that expire after about 24 hours
 * (Shopify's client credentials grant) and renews them (store-connection.ts).
 *
 * - `client_id`: the app's client ID (not a secret; shown to admins).
 * - `client_secret_enc`: the client secret, AES-256-GCM like the other secrets.
 * - `access_token_enc` / `access_token_expires_at`: the last token the store issued and its expiry,
 *   shared by every process (renewed five minutes before it expires, under an advisory lock).
 * - A connected row has an Admin API token or a client ID and secret, and a webhook secret or a
 *   client secret (a Dev Dashboard app signs its webhooks with its client secret).
 */
export class Migration20261128000200_store_client_credentials extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "store_connection"
         add column "client_id" varchar(255) null,
         add column "client_secret_enc" text null,
         add column "access_token_enc" text null,
         add column "access_token_expires_at" timestamptz(3) null;`,
    );
    this.addSql(`alter table "store_connection" drop constraint "store_connection_connected_check";`);
    this.addSql(
      `alter table "store_connection" add constraint "store_connection_connected_check" check (
         "status" <> 'connected' or ("shop_domain" is not null and "api_version" is not null
           and "storefront_token_enc" is not null
           and ("admin_token_enc" is not null
                or ("client_id" is not null and "client_secret_enc" is not null))
           and ("webhook_secret_enc" is not null or "client_secret_enc" is not null))
       );`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `update "store_connection" set "status" = 'disconnected'
        where "status" = 'connected' and ("admin_token_enc" is null or "webhook_secret_enc" is null);`,
    );
    this.addSql(`alter table "store_connection" drop constraint "store_connection_connected_check";`);
    this.addSql(
      `alter table "store_connection" add constraint "store_connection_connected_check" check (
         "status" <> 'connected' or ("shop_domain" is not null and "api_version" is not null
           and "storefront_token_enc" is not null and "admin_token_enc" is not null
           and "webhook_secret_enc" is not null)
       );`,
    );
    this.addSql(
      `alter table "store_connection" drop column "access_token_expires_at",
         drop column "access_token_enc", drop column "client_secret_enc", drop column "client_id";`,
    );
  }
}
