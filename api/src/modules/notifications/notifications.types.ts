import { Field, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import type { NotificationKind as Kind } from './notification-kinds';

/** The graph's names of the kinds; the values are the stored ones (notification-kinds.ts). */
export enum NotificationKind {
  MESSAGES = 'messages',
  BOOKINGS = 'bookings',
  ORDERS = 'orders',
  CERTIFICATES = 'certificates',
  RESOURCES = 'resources',
  MEMBERSHIPS = 'memberships',
  ASSIGNMENTS = 'assignments',
}

// The graph's values are exactly the stored kinds (a compile-time check).
type GraphKinds = `${NotificationKind}`;
const sameKinds: [GraphKinds] extends [Kind] ? ([Kind] extends [GraphKinds] ? true : false) : false = true;
void sameKinds;

registerEnumType(NotificationKind, {
  name: 'NotificationKind',
  description:
    'A kind of email a user can switch off. Account and security mails are not notifications and always go out.',
  valuesConfig: {
    MESSAGES: { description: 'New messages you have not read yet (sent a while after they arrive).' },
    BOOKINGS: { description: 'Booking confirmations, changes and reminders.' },
    ORDERS: { description: 'Order receipts.' },
    CERTIFICATES: { description: 'A course certificate was issued to you.' },
    RESOURCES: { description: 'A resource you submitted was approved or rejected.' },
    MEMBERSHIPS: { description: 'Membership billing and renewal.' },
    ASSIGNMENTS: { description: 'An instructor reviewed a video you submitted for an assignment.' },
  },
});

@ObjectType({ description: 'One kind of email and whether the signed-in user gets it.' })
export class NotificationPreference {
  @Field(() => NotificationKind, { description: 'The kind of email.' })
  kind!: NotificationKind;

  @Field({ description: 'Its name, for a settings page (e.g. "Bookings").' })
  label!: string;

  @Field({ description: 'What it covers, in a sentence.' })
  description!: string;

  @Field({ description: 'Whether these emails are sent; true unless the user switched them off.' })
  enabled!: boolean;
}

@InputType({ description: 'Whether to get one kind of email.' })
export class NotificationPreferenceInput {
  @Field(() => NotificationKind, { description: 'The kind of email.' })
  kind!: NotificationKind;

  @Field({ description: 'true: send these emails; false: do not.' })
  enabled!: boolean;
}

@InputType({ description: 'The kinds of email to switch on or off; kinds not listed stay as they are.' })
export class NotificationPreferencesUpdateInput {
  @Field(() => [NotificationPreferenceInput], {
    description: 'One entry per kind to change (each kind at most once, at least one entry).',
  })
  preferences!: NotificationPreferenceInput[];
}

@ObjectType({ description: 'The result of notificationPreferencesUpdate.' })
export class NotificationPreferencesPayload {
  @Field(() => [NotificationPreference], {
    description: 'Every kind with its setting after the change; empty on failure.',
  })
  preferences!: NotificationPreference[];

  @Field(() => [UserError], { description: 'Why the change was refused; empty on success.' })
  userErrors!: UserError[];
}

@InputType({ description: 'The token of an unsubscribe link.' })
export class NotificationUnsubscribeInput {
  @Field({ description: 'The `token` query parameter of the link in the email.' })
  token!: string;
}

@ObjectType({ description: 'The result of notificationUnsubscribe.' })
export class NotificationUnsubscribePayload {
  @Field(() => NotificationKind, {
    nullable: true,
    description: 'The kind of email now switched off; null on failure.',
  })
  kind!: NotificationKind | null;

  @Field(() => [UserError], { description: 'Why the link was refused; empty on success.' })
  userErrors!: UserError[];
}
