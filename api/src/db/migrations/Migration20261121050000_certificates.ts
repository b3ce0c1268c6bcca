import { Migration } from '@mikro-orm/migrations';

/**
 * Certificates: at most one default template (a partial unique index, so concurrent "set default"
 * calls cannot leave two), and indexes for the lists (newest first) and the "template in use" check.
 */
export class Migration20261121050000_certificates extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create unique index "certificate_templates_one_default" on "certificate_templates" ("is_default") where "is_default";`,
    );
    this.addSql(
      `create index "certificates_issued_at_id_index" on "certificates" ("issued_at" desc, "id" desc);`,
    );
    this.addSql(`create index "certificates_template_id_index" on "certificates" ("template_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "certificates_template_id_index";`);
    this.addSql(`drop index if exists "certificates_issued_at_id_index";`);
    this.addSql(`drop index if exists "certificate_templates_one_default";`);
  }
}
