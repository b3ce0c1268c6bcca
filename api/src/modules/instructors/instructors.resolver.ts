import { Reference } from '@mikro-orm/core';
import { Arg, Ctx, FieldResolver, Float, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import {
  AFTER_ARG_DESCRIPTION,
  FIRST_ARG_DESCRIPTION,
  pageSize,
  toConnection,
  withCursor,
} from '../../graphql/connection';
import type { Context } from '../../graphql/context';
import { unauthenticated } from '../../graphql/errors';
import { payload } from '../../graphql/payload';
import { Course } from '../courses';
import { Batcher } from '../../lib/batcher';
import { distanceMiles } from '../locations';
import { type NearOrigin, nearOrigin } from '../locations';
import type { User } from '../users';
import { AvailabilityOverride, AvailabilityRule } from './availability.entity';
import { InstructorProfile } from './instructor-profile.entity';
import { InstructorReview } from './instructor-review.entity';
import { InstructorMode, InstructorStatus, LocationMode } from './instructors.enums';
import {
  activeSessionTypes,
  canManage,
  InstructorsService,
  lowestPrices,
  nextSlots,
  ratingStats,
} from './instructors.service';
import {
  AdminInstructorFeatureSetInput,
  AdminInstructorStatusSetInput,
  AvailabilityOverrideAddInput,
  AvailabilityOverridePayload,
  AvailabilityOverrideRemoveInput,
  AvailabilityRulesSetInput,
  BookableSlot,
  InstructorProfileConnection,
  InstructorProfilePayload,
  InstructorProfileUpdateInput,
  InstructorReviewConnection,
  InstructorSettingsUpdateInput,
  SessionTypeArchiveInput,
  SessionTypeCreateInput,
  SessionTypePayload,
  SessionTypeUpdateInput,
} from './instructors.types';
import { SessionType } from './session-type.entity';

type OverrideResult = { override: AvailabilityOverride | null; profile: InstructorProfile | null };

const service = (ctx: Context) => new InstructorsService(ctx.em);

function viewerOrThrow(ctx: Context) {
  if (!ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}

/** One set of batchers per request: sibling profiles of a page load each field with one query. */
interface Loaders {
  stats: Batcher<{ rating: number | null; count: number }>;
  price: Batcher<number | null>;
  next: Batcher<Date | null>;
  types: Batcher<SessionType[]>;
}
const loaders = new WeakMap<object, Loaders>();
function loadersOf(ctx: Context): Loaders {
  let l = loaders.get(ctx);
  if (!l) {
    const em = ctx.em;
    l = {
      stats: new Batcher((ids) => ratingStats(em, ids)),
      price: new Batcher((ids) => lowestPrices(em, ids)),
      next: new Batcher((ids) => nextSlots(em, ids)),
      types: new Batcher((ids) => activeSessionTypes(em, ids)),
    };
    loaders.set(ctx, l);
  }
  return l;
}

/** The centre of the request's "near" search (the `instructors(near:)` list), for `distanceMiles`. */
const nearOrigins = new WeakMap<object, NearOrigin>();

function loadedUser(profile: InstructorProfile): Promise<User> {
  return Reference.create(profile.user).load() as Promise<User>;
}

const FIRST = { nullable: true, description: FIRST_ARG_DESCRIPTION };
const AFTER = { nullable: true, description: AFTER_ARG_DESCRIPTION };

@Resolver(() => InstructorProfile)
export class InstructorsResolver {
  // ---- queries ------------------------------------------------------------------------------

  @Query(() => InstructorProfileConnection, {
    description:
      'The instructor finder: approved instructors with at least one active session type, featured first, then by rating; every given filter must match.',
  })
  instructors(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, FIRST) first?: number,
    @Arg('after', () => String, AFTER) after?: string,
    @Arg('search', () => String, {
      nullable: true,
      description: 'Words in the name, username, headline, bio, city or styles (case-insensitive).',
    })
    search?: string,
    @Arg('style', () => String, {
      nullable: true,
      description: 'A dance style they teach (referenceLists.danceStyles).',
    })
    style?: string,
    @Arg('level', () => String, {
      nullable: true,
      description: 'A skill level they teach (referenceLists.skillLevels).',
    })
    level?: string,
    @Arg('ageGroup', () => String, {
      nullable: true,
      description: 'An age group they teach (referenceLists.ageGroups).',
    })
    ageGroup?: string,
    @Arg('mode', () => InstructorMode, { nullable: true, description: 'ONLINE or IN_PERSON.' })
    mode?: InstructorMode,
    @Arg('city', () => String, {
      nullable: true,
      description: 'The start of their city’s name (case-insensitive).',
    })
    city?: string,
    @Arg('minPriceCents', () => Int, {
      nullable: true,
      description: 'Only instructors with an active session type costing at least this (US cents).',
    })
    minPriceCents?: number,
    @Arg('maxPriceCents', () => Int, {
      nullable: true,
      description: 'Only instructors with an active session type costing at most this (US cents).',
    })
    maxPriceCents?: number,
    @Arg('availableThisWeek', () => Boolean, {
      nullable: true,
      description: 'True: only instructors with a bookable slot in the next 7 days.',
    })
    availableThisWeek?: boolean,
    @Arg('near', () => String, {
      nullable: true,
      description:
        'A US ZIP code: only instructors teaching in person within radiusMiles of it, nearest first (then featured, rating). An unknown or malformed code is BAD_USER_INPUT.',
    })
    near?: string,
    @Arg('radiusMiles', () => Int, {
      nullable: true,
      description: 'The radius of `near` in miles: 10, 25 (the default) or 50; others are BAD_USER_INPUT.',
    })
    radiusMiles?: number,
  ) {
    const origin = near?.trim() ? nearOrigin(near, radiusMiles) : null;
    if (origin) nearOrigins.set(ctx, origin);
    return service(ctx).list(
      {
        search,
        style,
        level,
        ageGroup,
        mode,
        city,
        minPriceCents,
        maxPriceCents,
        availableThisWeek,
        near: origin,
      },
      pageSize(first),
      after,
    );
  }

  @Query(() => InstructorProfile, {
    nullable: true,
    description:
      'One instructor by id (their user id): approved ones for everyone; pending or suspended ones only for the owner and staff; null otherwise.',
  })
  instructor(
    @Arg('id', () => ID, { description: 'The instructor’s user id (InstructorProfile.id).' }) id: string,
    @Ctx() ctx: Context,
  ) {
    return service(ctx).findVisible(id, ctx.viewer);
  }

  @Query(() => [BookableSlot], {
    description:
      'The bookable times of an instructor’s session type whose start lies in [from, to) (at most 92 days), sorted; empty when the type is archived or the instructor not approved. Instants are absolute; show them in any zone.',
  })
  instructorSlots(
    @Arg('instructorId', () => ID, { description: 'The instructor (InstructorProfile.id).' })
    instructorId: string,
    @Arg('sessionTypeId', () => ID, { description: 'One of their session types (SessionType.id).' })
    sessionTypeId: string,
    @Arg('from', () => Date, { description: 'Start of the window (ISO-8601 instant).' }) from: Date,
    @Arg('to', () => Date, {
      description: 'End of the window (ISO-8601 instant), at most 92 days after from.',
    })
    to: Date,
    @Ctx() ctx: Context,
  ) {
    return service(ctx).slots(instructorId, sessionTypeId, from, to);
  }

  @Query(() => InstructorProfile, {
    description:
      'The signed-in instructor’s own profile, created PENDING (time zone America/New_York) on the first read.',
  })
  myInstructorProfile(@Ctx() ctx: Context) {
    return service(ctx).ensureProfile(viewerOrThrow(ctx).id);
  }

  @Query(() => InstructorProfileConnection, {
    description: 'Every instructor profile for admins, newest first.',
  })
  adminInstructors(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, FIRST) first?: number,
    @Arg('after', () => String, AFTER) after?: string,
    @Arg('status', () => InstructorStatus, { nullable: true, description: 'Only profiles with this status.' })
    status?: InstructorStatus,
    @Arg('search', () => String, {
      nullable: true,
      description: 'Words in the name, username, email or headline (case-insensitive).',
    })
    search?: string,
  ) {
    return service(ctx).adminList(status, search, pageSize(first), after);
  }

  // ---- fields -------------------------------------------------------------------------------

  @FieldResolver(() => String, { description: 'The instructor’s display name (first name, else username).' })
  async displayName(@Root() profile: InstructorProfile): Promise<string> {
    return (await loadedUser(profile)).displayName;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'The instructor’s profile picture (their user profile image); null when none.',
  })
  async avatarUrl(@Root() profile: InstructorProfile): Promise<string | null> {
    return (await loadedUser(profile)).profileImageUrl ?? null;
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description: 'Average review stars (1–5, two decimals); null without reviews.',
  })
  async rating(@Root() profile: InstructorProfile, @Ctx() ctx: Context): Promise<number | null> {
    return (await loadersOf(ctx).stats.load(profile.id)).rating;
  }

  @FieldResolver(() => Int, { description: 'How many reviews the instructor has.' })
  async reviewCount(@Root() profile: InstructorProfile, @Ctx() ctx: Context): Promise<number> {
    return (await loadersOf(ctx).stats.load(profile.id)).count;
  }

  @FieldResolver(() => Float, {
    nullable: true,
    description:
      'Miles (one decimal, straight line) from the ZIP code of the request’s `instructors(near:)` search to the nearest place they teach in person (their own ZIP code, or an active in-person session type’s); null without `near` or when they have none.',
  })
  async distanceMiles(@Root() profile: InstructorProfile, @Ctx() ctx: Context): Promise<number | null> {
    const origin = nearOrigins.get(ctx);
    if (!origin) return null;
    const places: { latitude: number; longitude: number }[] = [];
    if (profile.teachesInPerson && profile.latitude != null && profile.longitude != null)
      places.push({ latitude: profile.latitude, longitude: profile.longitude });
    for (const type of await loadersOf(ctx).types.load(profile.id)) {
      if (type.locationMode === LocationMode.IN_PERSON && type.latitude != null && type.longitude != null)
        places.push({ latitude: type.latitude, longitude: type.longitude });
    }
    if (!places.length) return null;
    const miles = Math.min(...places.map((place) => distanceMiles(origin, place)));
    return Math.round(miles * 10) / 10;
  }

  @FieldResolver(() => Int, {
    nullable: true,
    description: 'The lowest price of the active session types (US cents); null when there is none.',
  })
  priceFromCents(@Root() profile: InstructorProfile, @Ctx() ctx: Context): Promise<number | null> {
    return loadersOf(ctx).price.load(profile.id);
  }

  @FieldResolver(() => Date, {
    nullable: true,
    description: 'The next bookable start over the active session types; null when none in the next 14 days.',
  })
  nextSlotAt(@Root() profile: InstructorProfile, @Ctx() ctx: Context): Promise<Date | null> {
    if (profile.status !== InstructorStatus.APPROVED) return Promise.resolve(null);
    return loadersOf(ctx).next.load(profile.id);
  }

  @FieldResolver(() => [SessionType], {
    description:
      'The session types offered (active), oldest first; with includeArchived (owner and staff) all.',
  })
  sessionTypes(
    @Root() profile: InstructorProfile,
    @Ctx() ctx: Context,
    @Arg('includeArchived', () => Boolean, {
      nullable: true,
      description: 'Also archived types (only for the owner and staff; ignored for others).',
    })
    includeArchived?: boolean,
  ): Promise<SessionType[]> {
    if (includeArchived && canManage(ctx.viewer, profile.id))
      return service(ctx).sessionTypesOf(profile.id, true);
    return loadersOf(ctx).types.load(profile.id);
  }

  @FieldResolver(() => InstructorReviewConnection, { description: 'Reviews from clients, newest first.' })
  async reviews(
    @Root() profile: InstructorProfile,
    @Ctx() ctx: Context,
    @Arg('first', () => Int, FIRST) first?: number,
    @Arg('after', () => String, AFTER) after?: string,
  ) {
    const size = pageSize(first);
    return withCursor(after, async () => toConnection(await service(ctx).reviews(profile.id, size, after)));
  }

  @FieldResolver(() => [Course], {
    description: 'The published courses this instructor teaches, newest first.',
  })
  courses(@Root() profile: InstructorProfile, @Ctx() ctx: Context): Promise<Course[]> {
    return ctx.em.find(
      Course,
      { instructor: profile.id, published: true },
      { orderBy: { createdAt: 'desc' } },
    );
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'Why an admin suspended (or noted on approval); only for the owner and staff (null for others).',
  })
  statusReason(@Root() profile: InstructorProfile, @Ctx() ctx: Context): string | null {
    return canManage(ctx.viewer, profile.id) ? (profile.statusReason ?? null) : null;
  }

  @FieldResolver(() => [AvailabilityRule], {
    description: 'The weekly hours by weekday and start; only for the owner and staff (empty for others).',
  })
  availabilityRules(
    @Root() profile: InstructorProfile,
    @Ctx() ctx: Context,
  ): Promise<AvailabilityRule[]> | [] {
    if (!canManage(ctx.viewer, profile.id)) return [];
    return ctx.em.find(
      AvailabilityRule,
      { instructor: profile.id },
      { orderBy: { weekday: 'asc', start: 'asc' } },
    );
  }

  @FieldResolver(() => [AvailabilityOverride], {
    description:
      'Date overrides from today (UTC) on, by date; only for the owner and staff (empty for others).',
  })
  availabilityOverrides(
    @Root() profile: InstructorProfile,
    @Ctx() ctx: Context,
  ): Promise<AvailabilityOverride[]> | [] {
    if (!canManage(ctx.viewer, profile.id)) return [];
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    return ctx.em.find(
      AvailabilityOverride,
      { instructor: profile.id, date: { $gte: yesterday } },
      { orderBy: { date: 'asc', start: 'asc' } },
    );
  }

  // ---- mutations ----------------------------------------------------------------------------

  @Mutation(() => InstructorProfilePayload, {
    description:
      'Changes public profile fields. userErrors: INVALID_INPUT (field names it: a style/level/age group not in the lists, a video that is not YouTube, an unknown time zone, a text too long), FORBIDDEN (another instructor’s profile), NOT_FOUND.',
  })
  instructorProfileUpdate(
    @Arg('input', () => InstructorProfileUpdateInput, { description: 'The fields to change.' })
    input: InstructorProfileUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ profile: InstructorProfile | null }>(
      async () => ({ profile: await service(ctx).updateProfile(viewerOrThrow(ctx), input) }),
      {
        profile: null,
      },
    );
  }

  @Mutation(() => InstructorProfilePayload, {
    description:
      'Changes booking defaults (time zone, buffers, notice, horizon, cancellation policy); session types created later start with them. userErrors: INVALID_INPUT, FORBIDDEN, NOT_FOUND.',
  })
  instructorSettingsUpdate(
    @Arg('input', () => InstructorSettingsUpdateInput, { description: 'The settings to change.' })
    input: InstructorSettingsUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ profile: InstructorProfile | null }>(
      async () => ({ profile: await service(ctx).updateSettings(viewerOrThrow(ctx), input) }),
      {
        profile: null,
      },
    );
  }

  @Mutation(() => SessionTypePayload, {
    description:
      'Creates a session type (defaults from the profile’s settings). userErrors: INVALID_INPUT (field names it: a consultation with a price, a group class without 2–500 seats or a valid recurrence rule, a value out of range), FORBIDDEN, NOT_FOUND.',
  })
  sessionTypeCreate(
    @Arg('input', () => SessionTypeCreateInput, { description: 'The new session type.' })
    input: SessionTypeCreateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ sessionType: SessionType | null }>(
      async () => ({ sessionType: await service(ctx).createSessionType(viewerOrThrow(ctx), input) }),
      { sessionType: null },
    );
  }

  @Mutation(() => SessionTypePayload, {
    description:
      'Changes a session type (its kind stays); bookings made keep their price and policy. userErrors: INVALID_INPUT, FORBIDDEN (not yours), NOT_FOUND.',
  })
  sessionTypeUpdate(
    @Arg('input', () => SessionTypeUpdateInput, { description: 'The session type and the fields to change.' })
    input: SessionTypeUpdateInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ sessionType: SessionType | null }>(
      async () => ({ sessionType: await service(ctx).updateSessionType(viewerOrThrow(ctx), input) }),
      { sessionType: null },
    );
  }

  @Mutation(() => SessionTypePayload, {
    description:
      'Archives a session type: no longer offered or bookable; its bookings stay. userErrors: FORBIDDEN (not yours), NOT_FOUND.',
  })
  sessionTypeArchive(
    @Arg('input', () => SessionTypeArchiveInput, { description: 'The session type to archive.' })
    input: SessionTypeArchiveInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ sessionType: SessionType | null }>(
      async () => ({
        sessionType: await service(ctx).archiveSessionType(viewerOrThrow(ctx), input.sessionTypeId),
      }),
      { sessionType: null },
    );
  }

  @Mutation(() => InstructorProfilePayload, {
    description:
      'Replaces the whole week of working hours in one transaction. userErrors: INVALID_INPUT (field `rules.<i>.<field>`: a bad weekday or time, an end before the start, ranges of one day that overlap), FORBIDDEN, NOT_FOUND.',
  })
  availabilityRulesSet(
    @Arg('input', () => AvailabilityRulesSetInput, { description: 'The week’s ranges.' })
    input: AvailabilityRulesSetInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ profile: InstructorProfile | null }>(
      async () => ({
        profile: await service(ctx).setRules(viewerOrThrow(ctx), input.instructorId, input.rules),
      }),
      { profile: null },
    );
  }

  @Mutation(() => AvailabilityOverridePayload, {
    description:
      'Adds a date override: a day off, time off, or extra hours. userErrors: INVALID_INPUT (date, startTime, endTime, note), FORBIDDEN, NOT_FOUND.',
  })
  availabilityOverrideAdd(
    @Arg('input', () => AvailabilityOverrideAddInput, { description: 'The override.' })
    input: AvailabilityOverrideAddInput,
    @Ctx() ctx: Context,
  ) {
    return payload<OverrideResult>(async () => service(ctx).addOverride(viewerOrThrow(ctx), input), {
      override: null,
      profile: null,
    });
  }

  @Mutation(() => AvailabilityOverridePayload, {
    description: 'Removes a date override. userErrors: FORBIDDEN (not yours), NOT_FOUND.',
  })
  availabilityOverrideRemove(
    @Arg('input', () => AvailabilityOverrideRemoveInput, { description: 'The override to remove.' })
    input: AvailabilityOverrideRemoveInput,
    @Ctx() ctx: Context,
  ) {
    return payload<OverrideResult>(
      async () => service(ctx).removeOverride(viewerOrThrow(ctx), input.overrideId),
      {
        override: null,
        profile: null,
      },
    );
  }

  @Mutation(() => InstructorProfilePayload, {
    description:
      'Approves, suspends (a reason is required) or resets an instructor profile; approving sets approvedAt. userErrors: INVALID_INPUT (reason), NOT_FOUND.',
  })
  adminInstructorStatusSet(
    @Arg('input', () => AdminInstructorStatusSetInput, { description: 'The instructor and the decision.' })
    input: AdminInstructorStatusSetInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ profile: InstructorProfile | null }>(
      async () => ({ profile: await service(ctx).setStatus(input) }),
      { profile: null },
    );
  }

  @Mutation(() => InstructorProfilePayload, {
    description: 'Features an instructor (listed first on /connect) or not. userErrors: NOT_FOUND.',
  })
  adminInstructorFeatureSet(
    @Arg('input', () => AdminInstructorFeatureSetInput, { description: 'The instructor and the flag.' })
    input: AdminInstructorFeatureSetInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ profile: InstructorProfile | null }>(
      async () => ({ profile: await service(ctx).setFeatured(input.instructorId, input.featured) }),
      {
        profile: null,
      },
    );
  }
}

@Resolver(() => InstructorReview)
export class InstructorReviewFieldsResolver {
  @FieldResolver(() => String, { description: 'The reviewer’s display name.' })
  async authorName(@Root() review: InstructorReview): Promise<string> {
    return ((await Reference.create(review.client).load()) as User).displayName;
  }
}

export const instructorsResolvers = [InstructorsResolver, InstructorReviewFieldsResolver] as const;
