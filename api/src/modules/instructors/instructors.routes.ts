import type { Request } from 'express';
import type { GraphRoute } from '../../rest/graph-route';
import { isValidTimeZone, toZonedISO } from '../scheduling';

/**
 * REST rows of Instructor Connect, readable by guests: the finder, a profile, and the bookable
 * slots of a session type. Slots are absolute instants; `tz` (an IANA zone) only adds the same
 * instants written in that zone (`startLocal`, `endLocal`) and is echoed back.
 */
const SESSION_TYPE_FIELDS = `id kind title description durationMinutes priceCents capacity bufferBeforeMinutes
  bufferAfterMinutes minNoticeMinutes horizonDays maxPerDay requiresApproval recurrenceRule locationMode zip city state
  cancelFreeHours lateCancelFeePercent active`;
const CARD_FIELDS = `id displayName avatarUrl headline styles levels ageGroups languages teachesOnline
  teachesInPerson city state timeZone featured rating reviewCount priceFromCents nextSlotAt distanceMiles`;
const DETAIL_FIELDS = `${CARD_FIELDS} bio zip introVideoUrl status bufferBeforeMinutes bufferAfterMinutes
  minNoticeMinutes horizonDays cancelFreeHours lateCancelFeePercent
  sessionTypes { ${SESSION_TYPE_FIELDS} }
  reviews(first: 20) { totalCount nodes { id rating comment authorName createdAt } }
  courses { id title }`;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const intOrNull = (value: unknown) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
const boolOrNull = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : null);
const MODES: Record<string, string> = {
  online: 'ONLINE',
  in_person: 'IN_PERSON',
  ONLINE: 'ONLINE',
  IN_PERSON: 'IN_PERSON',
};

type Page = { totalCount: number; pageInfo: unknown; nodes: unknown[] };

/** ?search=&style=&level=&ageGroup=&mode=online|in_person&city=&minPriceCents=&maxPriceCents=&availableThisWeek=true&near=ZIP&radiusMiles=10|25|50&first=&after= */
function listVariables(req: Request) {
  const mode = text(req.query.mode);
  return {
    first: intOrNull(req.query.first),
    after: text(req.query.after),
    search: text(req.query.search),
    style: text(req.query.style),
    level: text(req.query.level),
    ageGroup: text(req.query.ageGroup),
    // An unknown mode reaches the graph as is and is refused (400) there.
    mode: mode ? (MODES[mode] ?? mode) : null,
    city: text(req.query.city),
    minPriceCents: intOrNull(req.query.minPriceCents),
    maxPriceCents: intOrNull(req.query.maxPriceCents),
    availableThisWeek: boolOrNull(req.query.availableThisWeek),
    near: text(req.query.near),
    // A radius that is not a whole number reaches the graph as a string and is refused (400) there.
    radiusMiles: intOrNull(req.query.radiusMiles) ?? text(req.query.radiusMiles),
  };
}

function zoneOf(req: Request): string | null {
  const tz = text(req.query.tz);
  return tz && isValidTimeZone(tz) ? tz : null;
}

export const instructorsRoutes: GraphRoute[] = [
  {
    method: 'get',
    path: '/instructors',
    operation: `query Instructors($first: Int, $after: String, $search: String, $style: String, $level: String,
      $ageGroup: String, $mode: InstructorMode, $city: String, $minPriceCents: Int, $maxPriceCents: Int,
      $availableThisWeek: Boolean, $near: String, $radiusMiles: Int) {
      instructors(first: $first, after: $after, search: $search, style: $style, level: $level, ageGroup: $ageGroup,
        mode: $mode, city: $city, minPriceCents: $minPriceCents, maxPriceCents: $maxPriceCents,
        availableThisWeek: $availableThisWeek, near: $near, radiusMiles: $radiusMiles) {
        totalCount pageInfo { hasNextPage endCursor } nodes { ${CARD_FIELDS} } } }`,
    variables: listVariables,
    select: (root) => {
      const page = root as unknown as Page;
      return { items: page.nodes, totalCount: page.totalCount, pageInfo: page.pageInfo };
    },
  },
  {
    method: 'get',
    path: '/instructors/:id',
    operation: `query Instructor($id: ID!) { instructor(id: $id) { ${DETAIL_FIELDS} } }`,
    variables: (req) => ({ id: String(req.params.id) }),
    whenNull: { status: 404, message: 'Instructor not found' },
  },
  {
    method: 'get',
    path: '/instructors/:id/slots',
    operation: `query InstructorSlots($instructorId: ID!, $sessionTypeId: ID!, $from: DateTimeISO!, $to: DateTimeISO!) {
      instructorSlots(instructorId: $instructorId, sessionTypeId: $sessionTypeId, from: $from, to: $to) {
        start end seatsLeft } }`,
    variables: (req) => ({
      instructorId: String(req.params.id),
      sessionTypeId: text(req.query.sessionTypeId),
      from: text(req.query.from),
      to: text(req.query.to),
    }),
    select: (root, req) => {
      const tz = zoneOf(req);
      const slots = root as unknown as { start: string; end: string; seatsLeft: number | null }[];
      return {
        instructorId: String(req.params.id),
        sessionTypeId: text(req.query.sessionTypeId),
        timeZone: tz,
        slots: slots.map((s) => ({
          ...s,
          ...(tz
            ? {
                startLocal: toZonedISO(new Date(s.start), tz),
                endLocal: toZonedISO(new Date(s.end), tz),
              }
            : {}),
        })),
      };
    },
  },
];
