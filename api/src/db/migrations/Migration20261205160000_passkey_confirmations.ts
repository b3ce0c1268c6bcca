import { Migration } from '@mikro-orm/migrations';

/**
 * A passkey proves the account where a password would (issue 31): changing the email, linking an
 * identity provider's sign-in. Its challenge has its own purpose, `confirm`, bound to the account
 * (and, when signed in, to the session), so an answer to a sign-in or add challenge proves nothing.
 */
export class Migration20261205160000_passkey_confirmations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "passkey_challenges" drop constraint "passkey_challenges_purpose_check";`);
    this.addSql(`
      alter table "passkey_challenges" add constraint "passkey_challenges_purpose_check"
        check ("purpose" in ('register', 'authenticate', 'confirm'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "passkey_challenges" where "purpose" = 'confirm';`);
    this.addSql(`alter table "passkey_challenges" drop constraint "passkey_challenges_purpose_check";`);
    this.addSql(`
      alter table "passkey_challenges" add constraint "passkey_challenges_purpose_check"
        check ("purpose" in ('register', 'authenticate'));`);
  }
}
