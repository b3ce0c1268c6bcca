import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 12: the membership's resource discount on orders. A member's plan takes
 * `member_discount_percent` off each resource line (course lines never), per line and rounded half
 * up (`order_lines.member_discount_cents`); the coupon then applies to what is left
 * (`discount_cents`). The order's total is subtotal − member discount − coupon discount, and a
 * line's two discounts never pass its total (check constraints). Sellers earn on
 * line total − member discount − coupon share. See docs/memberships.md ("Discounts").
 */
export class Migration20261126000100_member_discount extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "orders" add column "member_discount_cents" bigint not null default 0,
         add column "member_discount_percent" int not null default 0;`,
    );
    this.addSql(`alter table "orders" drop constraint "orders_amounts_check";`);
    this.addSql(
      `alter table "orders" add constraint "orders_amounts_check" check ("subtotal_cents" >= 0
         and "discount_cents" >= 0 and "member_discount_cents" >= 0
         and "discount_cents" + "member_discount_cents" <= "subtotal_cents"
         and "total_cents" = "subtotal_cents" - "member_discount_cents" - "discount_cents");`,
    );
    this.addSql(
      `alter table "orders" add constraint "orders_member_discount_percent_check" check ("member_discount_percent" between 0 and 100);`,
    );
    this.addSql(`alter table "order_lines" add column "member_discount_cents" bigint not null default 0;`);
    this.addSql(
      `alter table "order_lines" add constraint "order_lines_member_discount_check" check ("member_discount_cents" >= 0
         and "member_discount_cents" + "discount_cents" <= "line_total_cents");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "order_lines" drop constraint "order_lines_member_discount_check";`);
    this.addSql(`alter table "order_lines" drop column "member_discount_cents";`);
    this.addSql(`alter table "orders" drop constraint "orders_member_discount_percent_check";`);
    this.addSql(`alter table "orders" drop constraint "orders_amounts_check";`);
    this.addSql(
      `alter table "orders" add constraint "orders_amounts_check" check ("subtotal_cents" >= 0 and "discount_cents" >= 0 and "discount_cents" <= "subtotal_cents" and "total_cents" = "subtotal_cents" - "discount_cents");`,
    );
    this.addSql(
      `alter table "orders" drop column "member_discount_cents", drop column "member_discount_percent";`,
    );
  }
}
