import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000_foundation } from './Migration20261121000000_foundation';
import { Migration20261121010000_millisecond_timestamps } from './Migration20261121010000_millisecond_timestamps';
import { Migration20261121020000_courses } from './Migration20261121020000_courses';
import { Migration20261121050000_certificates } from './Migration20261121050000_certificates';
import { Migration20261121060000_resources } from './Migration20261121060000_resources';
import { Migration20261122010000_uploads } from './Migration20261122010000_uploads';
import { Migration20261122030000_cart } from './Migration20261122030000_cart';
import { Migration20261122040000_coupons } from './Migration20261122040000_coupons';
import { Migration20261122050000_orders } from './Migration20261122050000_orders';
import { Migration20261122060000_sellers } from './Migration20261122060000_sellers';
import { Migration20261124110000_one_open_checkout } from './Migration20261124110000_one_open_checkout';
import { Migration20261124120000_licences } from './Migration20261124120000_licences';
import { Migration20261124130000_quiz_show_answers } from './Migration20261124130000_quiz_show_answers';
import { Migration20261124130100_certificate_snapshots } from './Migration20261124130100_certificate_snapshots';
import { Migration20261124140000_store_review_popularity } from './Migration20261124140000_store_review_popularity';
import { Migration20261125000000_connect } from './Migration20261125000000_connect';
import { Migration20261125000100_mail_outbox } from './Migration20261125000100_mail_outbox';
import { Migration20261125001600_store_location } from './Migration20261125001600_store_location';
import { Migration20261125001700_session_type_location } from './Migration20261125001700_session_type_location';
import { Migration20261126000000_memberships } from './Migration20261126000000_memberships';
import { Migration20261126000100_member_discount } from './Migration20261126000100_member_discount';
import { Migration20261126000200_booking_credits } from './Migration20261126000200_booking_credits';
import { Migration20261126000300_credit_booking_orders } from './Migration20261126000300_credit_booking_orders';
import { Migration20261127000000_messaging } from './Migration20261127000000_messaging';
import { Migration20261127000100_inbox } from './Migration20261127000100_inbox';
import { Migration20261127000200_notification_preferences } from './Migration20261127000200_notification_preferences';
import { Migration20261128000000_shop } from './Migration20261128000000_shop';
import { Migration20261128000100_store_entitlements } from './Migration20261128000100_store_entitlements';
import { Migration20261128000200_store_client_credentials } from './Migration20261128000200_store_client_credentials';
import { Migration20261130000000_api_tokens } from './Migration20261130000000_api_tokens';
import { Migration20261124100000_registration_attempts } from './Migration20261124100000_registration_attempts';
import { Migration20261130000100_webhooks } from './Migration20261130000100_webhooks';
import { Migration20261130000400_rate_limits } from './Migration20261130000400_rate_limits';
import { Migration20261201000000_content_versions } from './Migration20261201000000_content_versions';
import { Migration20261205000000_account_tokens } from './Migration20261205000000_account_tokens';
import { Migration20261205100000_two_step } from './Migration20261205100000_two_step';
import { Migration20261205110000_passkeys } from './Migration20261205110000_passkeys';
import { Migration20261205120000_identities } from './Migration20261205120000_identities';
import { Migration20261205130000_signup_challenges } from './Migration20261205130000_signup_challenges';
import { Migration20261205140000_account_deletion } from './Migration20261205140000_account_deletion';
import { Migration20261205150000_shop_checkout_carts } from './Migration20261205150000_shop_checkout_carts';
import { Migration20261205160000_passkey_confirmations } from './Migration20261205160000_passkey_confirmations';
import { Migration20261205170000_seller_transfers } from './Migration20261205170000_seller_transfers';
import { Migration20261205180000_provider_refunds_disputes } from './Migration20261205180000_provider_refunds_disputes';
import { Migration20261205190000_holds_and_credit_value } from './Migration20261205190000_holds_and_credit_value';
import { Migration20261205200000_refund_attempts } from './Migration20261205200000_refund_attempts';
import { Migration20261205210000_transfer_rounds } from './Migration20261205210000_transfer_rounds';
import { Migration20261206000000_connect_requirements_payouts } from './Migration20261206000000_connect_requirements_payouts';
import { Migration20261206010000_membership_invoice_refunds } from './Migration20261206010000_membership_invoice_refunds';
import { Migration20261206030000_practice } from './Migration20261206030000_practice';
import { Migration20261206100000_assignments } from './Migration20261206100000_assignments';
import { Migration20261206110000_lesson_video_extras } from './Migration20261206110000_lesson_video_extras';
import { Migration20261206120000_video_stats } from './Migration20261206120000_video_stats';
import { Migration20261206130000_unread_notifications } from './Migration20261206130000_unread_notifications';
import { Migration20261206131000_assignment_due } from './Migration20261206131000_assignment_due';
import { Migration20261206132000_video_stats_per_video } from './Migration20261206132000_video_stats_per_video';
import { Migration20261206133000_notification_kind_assignments } from './Migration20261206133000_notification_kind_assignments';
import { Migration20261207110000_membership_and_store_orders } from './Migration20261207110000_membership_and_store_orders';
import { Migration20261207130000_user_time_zone } from './Migration20261207130000_user_time_zone';
import { Migration20261208140000_lesson_video_removals } from './Migration20261208140000_lesson_video_removals';
import { Migration20261206020000_lesson_videos } from './Migration20261206020000_lesson_videos';

/** Listed statically so the built server needs no file-system discovery. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000000_foundation', class: Migration20261121000000_foundation },
  {
    name: 'Migration20261121010000_millisecond_timestamps',
    class: Migration20261121010000_millisecond_timestamps,
  },
  { name: 'Migration20261121020000_courses', class: Migration20261121020000_courses },
  { name: 'Migration20261121050000_certificates', class: Migration20261121050000_certificates },
  { name: 'Migration20261121060000_resources', class: Migration20261121060000_resources },
  { name: 'Migration20261122010000_uploads', class: Migration20261122010000_uploads },
  { name: 'Migration20261122030000_cart', class: Migration20261122030000_cart },
  { name: 'Migration20261122040000_coupons', class: Migration20261122040000_coupons },
  { name: 'Migration20261122050000_orders', class: Migration20261122050000_orders },
  { name: 'Migration20261122060000_sellers', class: Migration20261122060000_sellers },
  {
    name: 'Migration20261124100000_registration_attempts',
    class: Migration20261124100000_registration_attempts,
  },
  { name: 'Migration20261124110000_one_open_checkout', class: Migration20261124110000_one_open_checkout },
  { name: 'Migration20261124120000_licences', class: Migration20261124120000_licences },
  { name: 'Migration20261124130000_quiz_show_answers', class: Migration20261124130000_quiz_show_answers },
  {
    name: 'Migration20261124130100_certificate_snapshots',
    class: Migration20261124130100_certificate_snapshots,
  },
  {
    name: 'Migration20261124140000_store_review_popularity',
    class: Migration20261124140000_store_review_popularity,
  },
  { name: 'Migration20261125000000_connect', class: Migration20261125000000_connect },
  { name: 'Migration20261125000100_mail_outbox', class: Migration20261125000100_mail_outbox },
  { name: 'Migration20261125001600_store_location', class: Migration20261125001600_store_location },
  {
    name: 'Migration20261125001700_session_type_location',
    class: Migration20261125001700_session_type_location,
  },
  { name: 'Migration20261126000000_memberships', class: Migration20261126000000_memberships },
  { name: 'Migration20261126000100_member_discount', class: Migration20261126000100_member_discount },
  { name: 'Migration20261126000200_booking_credits', class: Migration20261126000200_booking_credits },
  {
    name: 'Migration20261126000300_credit_booking_orders',
    class: Migration20261126000300_credit_booking_orders,
  },
  { name: 'Migration20261127000000_messaging', class: Migration20261127000000_messaging },
  { name: 'Migration20261127000100_inbox', class: Migration20261127000100_inbox },
  {
    name: 'Migration20261127000200_notification_preferences',
    class: Migration20261127000200_notification_preferences,
  },
  { name: 'Migration20261128000000_shop', class: Migration20261128000000_shop },
  {
    name: 'Migration20261128000100_store_entitlements',
    class: Migration20261128000100_store_entitlements,
  },
  {
    name: 'Migration20261128000200_store_client_credentials',
    class: Migration20261128000200_store_client_credentials,
  },
  { name: 'Migration20261130000000_api_tokens', class: Migration20261130000000_api_tokens },
  { name: 'Migration20261130000100_webhooks', class: Migration20261130000100_webhooks },
  { name: 'Migration20261130000400_rate_limits', class: Migration20261130000400_rate_limits },
  {
    name: 'Migration20261201000000_content_versions',
    class: Migration20261201000000_content_versions,
  },
  { name: 'Migration20261205000000_account_tokens', class: Migration20261205000000_account_tokens },
  { name: 'Migration20261205100000_two_step', class: Migration20261205100000_two_step },
  { name: 'Migration20261205110000_passkeys', class: Migration20261205110000_passkeys },
  { name: 'Migration20261205120000_identities', class: Migration20261205120000_identities },
  { name: 'Migration20261205130000_signup_challenges', class: Migration20261205130000_signup_challenges },
  { name: 'Migration20261205140000_account_deletion', class: Migration20261205140000_account_deletion },
  { name: 'Migration20261205150000_shop_checkout_carts', class: Migration20261205150000_shop_checkout_carts },
  {
    name: 'Migration20261205160000_passkey_confirmations',
    class: Migration20261205160000_passkey_confirmations,
  },
  {
    name: 'Migration20261205170000_seller_transfers',
    class: Migration20261205170000_seller_transfers,
  },
  {
    name: 'Migration20261205180000_provider_refunds_disputes',
    class: Migration20261205180000_provider_refunds_disputes,
  },
  {
    name: 'Migration20261205190000_holds_and_credit_value',
    class: Migration20261205190000_holds_and_credit_value,
  },
  { name: 'Migration20261205200000_refund_attempts', class: Migration20261205200000_refund_attempts },
  { name: 'Migration20261205210000_transfer_rounds', class: Migration20261205210000_transfer_rounds },
  {
    name: 'Migration20261206000000_connect_requirements_payouts',
    class: Migration20261206000000_connect_requirements_payouts,
  },
  {
    name: 'Migration20261206010000_membership_invoice_refunds',
    class: Migration20261206010000_membership_invoice_refunds,
  },
  { name: 'Migration20261206020000_lesson_videos', class: Migration20261206020000_lesson_videos },
  { name: 'Migration20261206030000_practice', class: Migration20261206030000_practice },
  { name: 'Migration20261206100000_assignments', class: Migration20261206100000_assignments },
  {
    name: 'Migration20261206110000_lesson_video_extras',
    class: Migration20261206110000_lesson_video_extras,
  },
  { name: 'Migration20261206120000_video_stats', class: Migration20261206120000_video_stats },
  {
    name: 'Migration20261206130000_unread_notifications',
    class: Migration20261206130000_unread_notifications,
  },
  { name: 'Migration20261206131000_assignment_due', class: Migration20261206131000_assignment_due },
  {
    name: 'Migration20261206132000_video_stats_per_video',
    class: Migration20261206132000_video_stats_per_video,
  },
  {
    name: 'Migration20261206133000_notification_kind_assignments',
    class: Migration20261206133000_notification_kind_assignments,
  },
  {
    name: 'Migration20261207110000_membership_and_store_orders',
    class: Migration20261207110000_membership_and_store_orders,
  },
  { name: 'Migration20261207130000_user_time_zone', class: Migration20261207130000_user_time_zone },
  {
    name: 'Migration20261208140000_lesson_video_removals',
    class: Migration20261208140000_lesson_video_removals,
  },
];
