import type { EntityManager } from '@mikro-orm/postgresql';
import { GraphQLError } from 'graphql';
import type { ConnectionShape } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import {
  createdKey,
  escapeLike,
  isNumber,
  keysetPage,
  searchText,
  type SortKey,
  type SqlPart,
} from '../../graphql/keyset';
import type { Viewer } from '../auth';
import { distanceMilesSql } from '../locations';
import type { NearOrigin } from '../locations';
import { lookupZip } from '../locations';
import { AGE_GROUPS, DANCE_STYLES, SKILL_LEVELS } from '../reference';
import { validateRecurrenceRule } from '../scheduling';
import { isValidTimeZone, parseLocalDate, parseWallTime } from '../scheduling';
import { hasAnyRole, hasRole, STAFF_ROLES, userProfilesSql } from '../users';
import { User } from '../users';
import { isUuid } from '../../lib/ids';
import { AvailabilityOverride, AvailabilityRule } from './availability.entity';
import { InstructorProfile } from './instructor-profile.entity';
import { InstructorReview } from './instructor-review.entity';
import {
  InstructorMode,
  InstructorStatus,
  LocationMode,
  OverrideKind,
  SessionKind,
} from './instructors.enums';
import type {
  AdminInstructorStatusSetInput,
  AvailabilityOverrideAddInput,
  AvailabilityRuleInput,
  InstructorProfileUpdateInput,
  InstructorSettingsUpdateInput,
  SessionTypeCreateInput,
  SessionTypeFieldsInput,
  SessionTypeUpdateInput,
} from './instructors.types';
import { SessionType } from './session-type.entity';
import { bookableSlots, type BookableSlot, firstSlots } from './slot-service';

const DAY = 86_400_000;

/** The profiles joined to their people's names, email and picture (for search and the admin list). */
const PROFILES_WITH_PEOPLE = `instructor_profiles p join (${userProfilesSql}) u on u.id = p.user_id`;
/** The longest window `instructorSlots` answers. */
export const MAX_SLOT_RANGE_DAYS = 92;

export interface InstructorFilters {
  search?: string | null;
  style?: string | null;
  level?: string | null;
  ageGroup?: string | null;
  mode?: InstructorMode | null;
  city?: string | null;
  minPriceCents?: number | null;
  maxPriceCents?: number | null;
  availableThisWeek?: boolean | null;
  /** In person within `radiusMiles` of a ZIP code's centre (locations/near.ts), nearest first. */
  near?: NearOrigin | null;
}

/**
 * Miles from `near` to an instructor's nearest in-person place: their own ZIP code's coordinates
 * (when they teach in person) or an active in-person session type's own place; null when neither.
 */
function nearestPlaceSql(near: NearOrigin): SqlPart {
  const own = distanceMilesSql('p.latitude', 'p.longitude', near);
  const session = distanceMilesSql('sn.latitude', 'sn.longitude', near);
  return {
    sql: `least(
      case when p.teaches_in_person then ${own.sql} end,
      (select min(${session.sql}) from session_types sn where sn.instructor_id = p.user_id and sn.active
         and sn.location_mode = 'in_person' and sn.latitude is not null and sn.longitude is not null))`,
    params: [...own.params, ...session.params],
  };
}

export const isStaffViewer = (viewer: Viewer | null) => !!viewer && hasAnyRole(viewer, STAFF_ROLES);
export const isAdminViewer = (viewer: Viewer | null) => !!viewer && hasRole(viewer, 'admin');
/** The profile's owner or staff: they see hours, overrides, archived types and the status reason. */
export const canManage = (viewer: Viewer | null, instructorId: string) =>
  !!viewer && (viewer.id === instructorId || isStaffViewer(viewer));

const invalid = (message: string, field?: string) => new DomainError('INVALID_INPUT', message, field);

function intIn(value: number | null | undefined, min: number, max: number, field: string, label: string) {
  if (value === null || value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${label} must be a whole number from ${min} to ${max}`, field);
  }
}

function fromList(values: string[], allowed: string[], field: string, label: string): string[] {
  const out = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  const bad = out.find((v) => !allowed.includes(v));
  if (bad) throw invalid(`“${bad}” is not a ${label}; choose from: ${allowed.join(', ')}`, field);
  return out;
}

function optionalText(value: string, max: number, field: string, label: string): string | null {
  const text = value.trim();
  if (text.length > max) throw invalid(`${label} can be at most ${max} characters`, field);
  return text || null;
}

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtu.be',
]);
const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** The YouTube video id of a watch, youtu.be, Shorts, live or embed URL; null when it is not one. */
export function youTubeVideoId(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  if (!YOUTUBE_HOSTS.has(host)) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null = null;
  if (host.endsWith('youtu.be')) id = segments[0] ?? null;
  else if (segments[0] === 'watch') id = url.searchParams.get('v');
  else if (['shorts', 'live', 'embed'].includes(segments[0] ?? '')) id = segments[1] ?? null;
  return id && VIDEO_ID.test(id) ? id : null;
}

/** 'HH:mm' (00:00–24:00) or a DomainError on `field`. */
function wallTime(value: string | null | undefined, field: string, label: string): string {
  const text = (value ?? '').trim();
  if (!/^\d{2}:\d{2}$/.test(text) || parseWallTime(text) === null) {
    throw invalid(`${label} must be a time as HH:mm, e.g. 09:00`, field);
  }
  return text;
}

function minutesOf(time: string): number {
  return parseWallTime(time)!;
}

export class InstructorsService {
  constructor(private readonly em: EntityManager) {}

  // ---- reading ------------------------------------------------------------------------------

  /** The approved instructors with an active session type, featured first, then by rating. */
  async list(filters: InstructorFilters, first: number, after?: string | null, now = new Date()) {
    const parts: string[] = [
      `p.status = 'approved'`,
      `exists (select 1 from session_types st where st.instructor_id = p.user_id and st.active)`,
    ];
    const params: unknown[] = [];
    const search = searchText(filters.search);
    if (search) {
      const like = `%${escapeLike(search)}%`;
      parts.push(
        `(concat_ws(' ', u.first_name, u.last_name, u.username, p.headline, p.bio, p.city, array_to_string(p.styles, ' ')) ilike ?)`,
      );
      params.push(like);
    }
    if (filters.style?.trim()) {
      parts.push(`? = any(p.styles)`);
      params.push(filters.style.trim());
    }
    if (filters.level?.trim()) {
      parts.push(`? = any(p.levels)`);
      params.push(filters.level.trim());
    }
    if (filters.ageGroup?.trim()) {
      parts.push(`? = any(p.age_groups)`);
      params.push(filters.ageGroup.trim());
    }
    if (filters.mode === InstructorMode.ONLINE) parts.push('p.teaches_online');
    if (filters.mode === InstructorMode.IN_PERSON) parts.push('p.teaches_in_person');
    if (filters.city?.trim()) {
      parts.push(`lower(p.city) like lower(?)`);
      params.push(`${escapeLike(filters.city.trim())}%`);
    }
    const minPrice = filters.minPriceCents ?? null;
    const maxPrice = filters.maxPriceCents ?? null;
    if (minPrice !== null || maxPrice !== null) {
      parts.push(
        `exists (select 1 from session_types sp where sp.instructor_id = p.user_id and sp.active
           and sp.price_cents >= ? and sp.price_cents <= ?)`,
      );
      params.push(minPrice ?? 0, maxPrice ?? 2_147_483_647);
    }
    const near = filters.near ?? null;
    const distance = near ? nearestPlaceSql(near) : null;
    if (near && distance) {
      parts.push(`${distance.sql} <= ?`);
      params.push(...distance.params, near.radiusMiles);
    }
    const from = PROFILES_WITH_PEOPLE;
    if (filters.availableThisWeek) {
      const ids = await this.em
        .getConnection()
        .execute<{ id: string }[]>(
          `select p.user_id as id from ${from} where ${parts.join(' and ')}`,
          params,
        );
      const firsts = await firstSlots(
        this.em,
        ids.map((r) => r.id),
        now,
        new Date(now.getTime() + 7 * DAY),
        now,
      );
      const available = [...firsts.keys()];
      if (available.length === 0) parts.push('false');
      else {
        parts.push('p.user_id in (?)');
        params.push(available);
      }
    }
    const keys: SortKey[] = [
      { expr: 'p.featured::int', params: [], desc: true, cast: 'int', check: isNumber },
      {
        expr: `coalesce((select avg(r.rating) from instructor_reviews r where r.instructor_id = p.user_id), 0)::float8`,
        params: [],
        desc: true,
        cast: 'float8',
        check: isNumber,
      },
      { expr: 'p.user_id', params: [], desc: false, cast: 'uuid', check: isUuid },
    ];
    if (near && distance) {
      // Nearest first; a cursor holds the distance, so it only continues the same search.
      keys.unshift({
        expr: distance.sql,
        params: distance.params,
        desc: false,
        cast: 'float8',
        check: isNumber,
      });
    }
    const sort = near ? `instructors-near:${near.zip}:${near.radiusMiles}` : 'instructors';
    return this.page(from, { sql: parts.join(' and '), params }, sort, keys, first, after);
  }

  /** Every profile for admins, newest first; `status` and a name/username search narrow it. */
  async adminList(
    status: InstructorStatus | null | undefined,
    search: string | null | undefined,
    first: number,
    after?: string | null,
  ) {
    const parts: string[] = ['true'];
    const params: unknown[] = [];
    if (status) {
      parts.push('p.status = ?');
      params.push(status);
    }
    const text = searchText(search);
    if (text) {
      parts.push(`concat_ws(' ', u.first_name, u.last_name, u.username, u.email, p.headline) ilike ?`);
      params.push(`%${escapeLike(text)}%`);
    }
    const keys: SortKey[] = [
      createdKey('p'),
      { expr: 'p.user_id', params: [], desc: true, cast: 'uuid', check: isUuid },
    ];
    return this.page(
      PROFILES_WITH_PEOPLE,
      { sql: parts.join(' and '), params },
      'admin-instructors',
      keys,
      first,
      after,
    );
  }

  private async page(
    from: string,
    where: SqlPart,
    sort: string,
    keys: SortKey[],
    first: number,
    after: string | null | undefined,
  ): Promise<ConnectionShape<InstructorProfile>> {
    const q = keysetPage({ from, alias: 'p', where, sort, keys, first, after });
    const conn = this.em.getConnection();
    // keysetPage selects `<alias>.id`; profiles are keyed by user_id.
    const pageSql = q.page.sql.replace(/^select p\.id,/, 'select p.user_id as id,');
    const [[count], rows] = await Promise.all([
      conn.execute<{ n: number }[]>(q.count.sql, q.count.params),
      conn.execute<Record<string, unknown>[]>(pageSql, q.page.params),
    ]);
    const more = rows.length > first;
    const pageRows = rows.slice(0, first);
    const ids = pageRows.map((r) => r.id as string);
    const profiles = ids.length
      ? await this.em.find(InstructorProfile, { user: { $in: ids } }, { populate: ['user'] })
      : [];
    const byId = new Map(profiles.map((p) => [p.id, p]));
    const edges = pageRows
      .filter((r) => byId.has(r.id as string))
      .map((r) => ({ node: byId.get(r.id as string)!, cursor: q.cursorOf(r) }));
    return {
      edges,
      nodes: edges.map((e) => e.node),
      totalCount: count.n,
      pageInfo: {
        hasNextPage: more,
        hasPreviousPage: !!after,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
    };
  }

  /** A profile as `viewer` may see it: approved ones for everyone, others for the owner and staff. */
  async findVisible(id: string, viewer: Viewer | null): Promise<InstructorProfile | null> {
    if (!isUuid(id)) return null;
    const profile = await this.em.findOne(InstructorProfile, { user: id }, { populate: ['user'] });
    if (!profile) return null;
    if (profile.status === InstructorStatus.APPROVED || canManage(viewer, id)) return profile;
    return null;
  }

  /** The instructor's own profile, created `pending` on first read. */
  async ensureProfile(userId: string): Promise<InstructorProfile> {
    await this.em
      .getConnection()
      .execute(`insert into instructor_profiles (user_id) values (?) on conflict (user_id) do nothing`, [
        userId,
      ]);
    return this.em.findOneOrFail(InstructorProfile, { user: userId }, { populate: ['user'], refresh: true });
  }

  /** The bookable slots of an instructor's session type in [from, to) (≤ 92 days). */
  async slots(
    instructorId: string,
    sessionTypeId: string,
    from: Date,
    to: Date,
    now = new Date(),
  ): Promise<BookableSlot[]> {
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
      throw new GraphQLError('`from` and `to` must be ISO-8601 instants', {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    if (to.getTime() <= from.getTime()) {
      throw new GraphQLError('`to` must be after `from`', { extensions: { code: 'BAD_USER_INPUT' } });
    }
    if (to.getTime() - from.getTime() > MAX_SLOT_RANGE_DAYS * DAY) {
      throw new GraphQLError(`The range from \`from\` to \`to\` can be at most ${MAX_SLOT_RANGE_DAYS} days`, {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    if (!isUuid(instructorId) || !isUuid(sessionTypeId)) return [];
    const type = await this.em.findOne(SessionType, { id: sessionTypeId, instructor: instructorId });
    if (!type) return [];
    return bookableSlots(this.em, { sessionTypeId, from, to, now });
  }

  async sessionTypesOf(instructorId: string, includeArchived: boolean): Promise<SessionType[]> {
    return this.em.find(
      SessionType,
      includeArchived ? { instructor: instructorId } : { instructor: instructorId, active: true },
      { orderBy: { active: 'desc', createdAt: 'asc', id: 'asc' } },
    );
  }

  async reviews(instructorId: string, first: number, after?: string | null) {
    return this.em.findByCursor(
      InstructorReview,
      { instructor: instructorId },
      { first, after: after ?? undefined, orderBy: { createdAt: 'desc', id: 'desc' }, includeCount: true },
    );
  }

  // ---- writing ------------------------------------------------------------------------------

  /**
   * The profile `viewer` may change: their own (created pending when missing) or, for an admin,
   * anybody's existing one.
   */
  async editable(viewer: Viewer, instructorId: string | null | undefined): Promise<InstructorProfile> {
    const id = instructorId ?? viewer.id;
    if (id === viewer.id) {
      if (!hasRole(viewer, 'instructor')) {
        throw new DomainError(
          'FORBIDDEN',
          'Only instructors have an instructor profile (admins pass the instructorId of the one to change)',
          'instructorId',
        );
      }
      return this.ensureProfile(id);
    }
    if (!isAdminViewer(viewer)) {
      throw new DomainError('FORBIDDEN', 'You can only change your own instructor profile', 'instructorId');
    }
    const profile = isUuid(id)
      ? await this.em.findOne(InstructorProfile, { user: id }, { populate: ['user'] })
      : null;
    if (!profile) throw new DomainError('NOT_FOUND', 'There is no such instructor profile', 'instructorId');
    return profile;
  }

  async updateProfile(viewer: Viewer, input: InstructorProfileUpdateInput): Promise<InstructorProfile> {
    const profile = await this.editable(viewer, input.instructorId);
    if (input.headline != null) {
      const headline = input.headline.trim();
      if (headline.length > 120) throw invalid('The headline can be at most 120 characters', 'headline');
      profile.headline = headline;
    }
    if (input.bio != null) {
      if (input.bio.length > 5000) throw invalid('The bio can be at most 5000 characters', 'bio');
      profile.bio = input.bio.trim();
    }
    if (input.styles != null) profile.styles = fromList(input.styles, DANCE_STYLES, 'styles', 'dance style');
    if (input.levels != null) profile.levels = fromList(input.levels, SKILL_LEVELS, 'levels', 'skill level');
    if (input.ageGroups != null)
      profile.ageGroups = fromList(input.ageGroups, AGE_GROUPS, 'ageGroups', 'age group');
    if (input.languages != null) {
      const languages = [...new Set(input.languages.map((l) => l.trim()).filter(Boolean))];
      if (languages.length > 10) throw invalid('List at most 10 languages', 'languages');
      if (languages.some((l) => l.length > 40))
        throw invalid('A language can be at most 40 characters', 'languages');
      profile.languages = languages;
    }
    if (input.teachesOnline != null) profile.teachesOnline = input.teachesOnline;
    if (input.teachesInPerson != null) profile.teachesInPerson = input.teachesInPerson;
    if (input.acceptsInquiries != null) profile.acceptsInquiries = input.acceptsInquiries;
    if (input.city != null) profile.city = optionalText(input.city, 100, 'city', 'The city');
    if (input.state != null) profile.state = optionalText(input.state, 100, 'state', 'The state');
    if (input.zip != null) {
      profile.zip = optionalText(input.zip, 10, 'zip', 'The ZIP code');
      // A US ZIP code places the profile (for "in person near"): its coordinates, and the city and
      // state when they are empty. Any other postal code is kept as typed, without coordinates.
      const place = lookupZip(profile.zip);
      profile.latitude = place?.latitude ?? null;
      profile.longitude = place?.longitude ?? null;
      if (place && !profile.city) profile.city = place.city;
      if (place && !profile.state) profile.state = place.state;
    }
    if (input.introVideoUrl != null) {
      const url = input.introVideoUrl.trim();
      if (url && (url.length > 500 || !youTubeVideoId(url))) {
        throw invalid(
          'The intro video must be a YouTube link (youtube.com/watch?v=…, youtu.be/… or /shorts/…)',
          'introVideoUrl',
        );
      }
      profile.introVideoUrl = url || null;
    }
    if (input.timeZone != null) profile.timeZone = this.timeZone(input.timeZone);
    if (!profile.teachesOnline && !profile.teachesInPerson) {
      throw invalid('Teach online, in person or both', 'teachesOnline');
    }
    await this.em.flush();
    return profile;
  }

  private timeZone(value: string): string {
    const zone = value.trim();
    if (!isValidTimeZone(zone))
      throw invalid(`“${zone}” is not an IANA time zone (e.g. America/New_York)`, 'timeZone');
    return zone;
  }

  async updateSettings(viewer: Viewer, input: InstructorSettingsUpdateInput): Promise<InstructorProfile> {
    const profile = await this.editable(viewer, input.instructorId);
    intIn(input.bufferBeforeMinutes, 0, 240, 'bufferBeforeMinutes', 'The buffer before');
    intIn(input.bufferAfterMinutes, 0, 240, 'bufferAfterMinutes', 'The buffer after');
    intIn(input.minNoticeMinutes, 0, 43200, 'minNoticeMinutes', 'The minimum notice (minutes)');
    intIn(input.horizonDays, 1, 365, 'horizonDays', 'The booking horizon (days)');
    intIn(input.cancelFreeHours, 0, 720, 'cancelFreeHours', 'The free cancellation window (hours)');
    intIn(input.lateCancelFeePercent, 0, 100, 'lateCancelFeePercent', 'The late-cancellation fee (percent)');
    if (input.timeZone != null) profile.timeZone = this.timeZone(input.timeZone);
    if (input.bufferBeforeMinutes != null) profile.bufferBeforeMinutes = input.bufferBeforeMinutes;
    if (input.bufferAfterMinutes != null) profile.bufferAfterMinutes = input.bufferAfterMinutes;
    if (input.minNoticeMinutes != null) profile.minNoticeMinutes = input.minNoticeMinutes;
    if (input.horizonDays != null) profile.horizonDays = input.horizonDays;
    if (input.cancelFreeHours != null) profile.cancelFreeHours = input.cancelFreeHours;
    if (input.lateCancelFeePercent != null) profile.lateCancelFeePercent = input.lateCancelFeePercent;
    await this.em.flush();
    return profile;
  }

  /** Checks the merged fields of a session type against the migration's constraints. */
  private applySessionFields(type: SessionType, input: SessionTypeFieldsInput, creating: boolean) {
    if (input.title != null || creating) {
      const title = (input.title ?? '').trim();
      if (title.length < 2 || title.length > 120)
        throw invalid('The title must be 2 to 120 characters', 'title');
      type.title = title;
    }
    if (input.description != null) {
      if (input.description.length > 5000)
        throw invalid('The description can be at most 5000 characters', 'description');
      type.description = input.description.trim();
    }
    if (creating && input.durationMinutes == null)
      throw invalid('Give the length in minutes', 'durationMinutes');
    intIn(input.durationMinutes, 10, 480, 'durationMinutes', 'The length (minutes)');
    intIn(input.priceCents, 0, 10_000_000, 'priceCents', 'The price (cents)');
    intIn(input.bufferBeforeMinutes, 0, 240, 'bufferBeforeMinutes', 'The buffer before');
    intIn(input.bufferAfterMinutes, 0, 240, 'bufferAfterMinutes', 'The buffer after');
    intIn(input.minNoticeMinutes, 0, 43200, 'minNoticeMinutes', 'The minimum notice (minutes)');
    intIn(input.horizonDays, 1, 365, 'horizonDays', 'The booking horizon (days)');
    intIn(input.maxPerDay, creating ? 1 : 0, 100, 'maxPerDay', 'The daily cap');
    intIn(input.cancelFreeHours, 0, 720, 'cancelFreeHours', 'The free cancellation window (hours)');
    intIn(input.lateCancelFeePercent, 0, 100, 'lateCancelFeePercent', 'The late-cancellation fee (percent)');
    if (input.durationMinutes != null) type.durationMinutes = input.durationMinutes;
    if (input.priceCents != null) type.priceCents = input.priceCents;
    if (input.bufferBeforeMinutes != null) type.bufferBeforeMinutes = input.bufferBeforeMinutes;
    if (input.bufferAfterMinutes != null) type.bufferAfterMinutes = input.bufferAfterMinutes;
    if (input.minNoticeMinutes != null) type.minNoticeMinutes = input.minNoticeMinutes;
    if (input.horizonDays != null) type.horizonDays = input.horizonDays;
    if (input.maxPerDay != null) type.maxPerDay = input.maxPerDay === 0 ? null : input.maxPerDay;
    if (input.requiresApproval != null) type.requiresApproval = input.requiresApproval;
    if (input.locationMode != null) type.locationMode = input.locationMode;
    if (input.city != null) type.city = optionalText(input.city, 100, 'city', 'The city');
    if (input.state != null) type.state = optionalText(input.state, 100, 'state', 'The state');
    if (input.zip != null) {
      type.zip = optionalText(input.zip, 10, 'zip', 'The ZIP code');
      // A US ZIP code places the session (for "in person near"), filling an empty city and state.
      const place = lookupZip(type.zip);
      type.latitude = place?.latitude ?? null;
      type.longitude = place?.longitude ?? null;
      if (place && !type.city) type.city = place.city;
      if (place && !type.state) type.state = place.state;
    }
    if (input.cancelFreeHours != null) type.cancelFreeHours = input.cancelFreeHours;
    if (input.lateCancelFeePercent != null) type.lateCancelFeePercent = input.lateCancelFeePercent;

    if (type.kind === SessionKind.CONSULTATION && type.priceCents !== 0) {
      throw invalid('A consultation is free: its price must be 0', 'priceCents');
    }
    if (type.kind === SessionKind.GROUP) {
      if (input.capacity != null || creating) {
        if (input.capacity == null)
          throw invalid('A group class needs its number of seats (2 to 500)', 'capacity');
        intIn(input.capacity, 2, 500, 'capacity', 'The seats of a group class');
        type.capacity = input.capacity;
      }
      if (input.recurrenceRule != null || creating) {
        const rule = (input.recurrenceRule ?? '').trim();
        if (!rule) {
          throw invalid(
            'A group class needs a recurrence rule, e.g. FREQ=WEEKLY;BYDAY=TU;BYHOUR=18',
            'recurrenceRule',
          );
        }
        if (rule.length > 500)
          throw invalid('The recurrence rule can be at most 500 characters', 'recurrenceRule');
        const problem = validateRecurrenceRule(rule);
        if (problem) throw invalid(problem, 'recurrenceRule');
        type.recurrenceRule = rule;
      }
    } else {
      if (input.capacity != null && input.capacity !== 1) {
        throw invalid('Private lessons and consultations have exactly 1 seat', 'capacity');
      }
      type.capacity = 1;
      type.recurrenceRule = null;
    }
  }

  async createSessionType(viewer: Viewer, input: SessionTypeCreateInput): Promise<SessionType> {
    const profile = await this.editable(viewer, input.instructorId);
    const type = new SessionType();
    type.instructor = profile.user;
    type.kind = input.kind;
    type.bufferBeforeMinutes = profile.bufferBeforeMinutes;
    type.bufferAfterMinutes = profile.bufferAfterMinutes;
    type.minNoticeMinutes = profile.minNoticeMinutes;
    type.horizonDays = profile.horizonDays;
    type.cancelFreeHours = profile.cancelFreeHours;
    type.lateCancelFeePercent = profile.lateCancelFeePercent;
    type.locationMode = LocationMode.ONLINE;
    this.applySessionFields(type, input, true);
    this.em.persist(type);
    await this.em.flush();
    return type;
  }

  private async editableType(viewer: Viewer, sessionTypeId: string): Promise<SessionType> {
    const type = isUuid(sessionTypeId) ? await this.em.findOne(SessionType, { id: sessionTypeId }) : null;
    if (!type) throw new DomainError('NOT_FOUND', 'There is no such session type', 'sessionTypeId');
    if (type.instructor.id !== viewer.id && !isAdminViewer(viewer)) {
      throw new DomainError('FORBIDDEN', 'You can only change your own session types', 'sessionTypeId');
    }
    return type;
  }

  async updateSessionType(viewer: Viewer, input: SessionTypeUpdateInput): Promise<SessionType> {
    const type = await this.editableType(viewer, input.sessionTypeId);
    this.applySessionFields(type, input, false);
    if (input.active != null) type.active = input.active;
    await this.em.flush();
    return type;
  }

  async archiveSessionType(viewer: Viewer, sessionTypeId: string): Promise<SessionType> {
    const type = await this.editableType(viewer, sessionTypeId);
    type.active = false;
    await this.em.flush();
    return type;
  }

  /** Replaces the instructor's whole week in one transaction. */
  async setRules(viewer: Viewer, instructorId: string | null | undefined, rules: AvailabilityRuleInput[]) {
    const profile = await this.editable(viewer, instructorId);
    if (rules.length > 50) throw invalid('At most 50 ranges a week', 'rules');
    const checked = rules.map((r, i) => {
      if (!Number.isInteger(r.weekday) || r.weekday < 1 || r.weekday > 7) {
        throw invalid('The weekday must be 1 (Monday) to 7 (Sunday)', `rules.${i}.weekday`);
      }
      const start = wallTime(r.startTime, `rules.${i}.startTime`, 'The start');
      const end = wallTime(r.endTime, `rules.${i}.endTime`, 'The end');
      if (minutesOf(start) >= 1440) throw invalid('A range starts before 24:00', `rules.${i}.startTime`);
      if (minutesOf(end) <= minutesOf(start))
        throw invalid('The end must be after the start', `rules.${i}.endTime`);
      return { weekday: r.weekday, start, end, index: i };
    });
    const byDay = new Map<number, typeof checked>();
    for (const r of checked) byDay.set(r.weekday, [...(byDay.get(r.weekday) ?? []), r]);
    for (const list of byDay.values()) {
      const sorted = list.slice().sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
      for (let i = 1; i < sorted.length; i++) {
        if (minutesOf(sorted[i].start) < minutesOf(sorted[i - 1].end)) {
          throw invalid(
            `${sorted[i].start}–${sorted[i].end} overlaps ${sorted[i - 1].start}–${sorted[i - 1].end} on the same day`,
            `rules.${sorted[i].index}.startTime`,
          );
        }
      }
    }
    await this.em.transactional(async (tem) => {
      await tem.nativeDelete(AvailabilityRule, { instructor: profile.user.id });
      for (const r of checked) {
        tem.persist(
          tem.create(AvailabilityRule, {
            instructor: tem.getReference(User, profile.user.id),
            weekday: r.weekday,
            start: r.start,
            end: r.end,
          }),
        );
      }
    });
    return profile;
  }

  async addOverride(viewer: Viewer, input: AvailabilityOverrideAddInput) {
    const profile = await this.editable(viewer, input.instructorId);
    const date = (input.date ?? '').trim();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || parseLocalDate(date) === null) {
      throw invalid('The date must be yyyy-MM-dd, e.g. 2027-03-14', 'date');
    }
    const year = Number(date.slice(0, 4));
    if (year < 2000 || year > 2100) throw invalid('The date must be between the years 2000 and 2100', 'date');
    const hasStart = input.startTime != null && input.startTime.trim() !== '';
    const hasEnd = input.endTime != null && input.endTime.trim() !== '';
    let start: string | null = null;
    let end: string | null = null;
    if (hasStart || hasEnd || input.kind === OverrideKind.EXTRA) {
      start = wallTime(input.startTime, 'startTime', 'The start');
      end = wallTime(input.endTime, 'endTime', 'The end');
      if (minutesOf(end) <= minutesOf(start)) throw invalid('The end must be after the start', 'endTime');
    }
    const note = (input.note ?? '').trim();
    if (note.length > 200) throw invalid('The note can be at most 200 characters', 'note');
    const override = this.em.create(AvailabilityOverride, {
      instructor: profile.user,
      date,
      kind: input.kind,
      start,
      end,
      note,
    });
    await this.em.flush();
    return { override, profile };
  }

  async removeOverride(viewer: Viewer, overrideId: string) {
    const override = isUuid(overrideId)
      ? await this.em.findOne(AvailabilityOverride, { id: overrideId })
      : null;
    if (!override) throw new DomainError('NOT_FOUND', 'There is no such override', 'overrideId');
    if (override.instructor.id !== viewer.id && !isAdminViewer(viewer)) {
      throw new DomainError('FORBIDDEN', 'You can only change your own hours', 'overrideId');
    }
    const profile = await this.editable(viewer, override.instructor.id);
    await this.em.removeAndFlush(override);
    return { override, profile };
  }

  async setStatus(input: AdminInstructorStatusSetInput): Promise<InstructorProfile> {
    const profile = isUuid(input.instructorId)
      ? await this.em.findOne(InstructorProfile, { user: input.instructorId }, { populate: ['user'] })
      : null;
    if (!profile) throw new DomainError('NOT_FOUND', 'There is no such instructor profile', 'instructorId');
    const reason = (input.reason ?? '').trim();
    if (reason.length > 500) throw invalid('The reason can be at most 500 characters', 'reason');
    if (input.status === InstructorStatus.SUSPENDED && !reason) {
      throw invalid('Say why the instructor is suspended', 'reason');
    }
    profile.status = input.status;
    profile.statusReason = reason || null;
    if (input.status === InstructorStatus.APPROVED) profile.approvedAt = new Date();
    await this.em.flush();
    return profile;
  }

  async setFeatured(instructorId: string, featured: boolean): Promise<InstructorProfile> {
    const profile = isUuid(instructorId)
      ? await this.em.findOne(InstructorProfile, { user: instructorId }, { populate: ['user'] })
      : null;
    if (!profile) throw new DomainError('NOT_FOUND', 'There is no such instructor profile', 'instructorId');
    profile.featured = featured;
    await this.em.flush();
    return profile;
  }
}

// ---- batched field loaders (one query per field per page) --------------------------------------

export async function ratingStats(em: EntityManager, ids: string[]) {
  const rows = ids.length
    ? await em.getConnection().execute<{ id: string; avg: number | null; n: number }[]>(
        `select instructor_id as id, avg(rating)::float8 as avg, count(*)::int as n
             from instructor_reviews where instructor_id in (?) group by instructor_id`,
        [ids],
      )
    : [];
  const map = new Map<string, { rating: number | null; count: number }>(
    ids.map((id) => [id, { rating: null, count: 0 }]),
  );
  for (const r of rows)
    map.set(r.id, { rating: r.avg === null ? null : Math.round(r.avg * 100) / 100, count: r.n });
  return map;
}

export async function lowestPrices(em: EntityManager, ids: string[]) {
  const rows = ids.length
    ? await em.getConnection().execute<{ id: string; price: number }[]>(
        `select instructor_id as id, min(price_cents)::int as price from session_types
            where instructor_id in (?) and active group by instructor_id`,
        [ids],
      )
    : [];
  const map = new Map<string, number | null>(ids.map((id) => [id, null]));
  for (const r of rows) map.set(r.id, r.price);
  return map;
}

export async function activeSessionTypes(em: EntityManager, ids: string[]) {
  const types = ids.length
    ? await em.find(
        SessionType,
        { instructor: { $in: ids }, active: true },
        { orderBy: { createdAt: 'asc', id: 'asc' } },
      )
    : [];
  const map = new Map<string, SessionType[]>(ids.map((id) => [id, []]));
  for (const t of types) map.get(t.instructor.id)?.push(t);
  return map;
}

export async function nextSlots(em: EntityManager, ids: string[], now = new Date()) {
  const firsts = await firstSlots(em, ids, now, new Date(now.getTime() + 14 * DAY), now);
  return new Map<string, Date | null>(ids.map((id) => [id, firsts.get(id) ?? null]));
}
