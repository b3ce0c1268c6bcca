import type { GraphRoute } from '../../rest/graph-route';

const num = (value: unknown) => (typeof value === 'number' ? value : value == null ? null : Number.NaN);
const bool = (value: unknown) => (typeof value === 'boolean' ? value : null);

/** The practice state JSON of the REST adapter. */
const PRACTICE_FIELDS = `positionSeconds furthestSeconds watchedSeconds durationSeconds watched watchedShare
  mirror speed loopA loopB countIn countInBpm updatedAt`;

/**
 * `POST /api/lessons/:id/practice`: savePracticeState for `navigator.sendBeacon` when the page is
 * left (a same-origin POST with the session cookie: the app's same-origin check passes it, a
 * cross-site one is refused like any other POST).
 */
export const practiceRoutes: GraphRoute[] = [
  {
    method: 'post',
    path: '/lessons/:id/practice',
    operation: `mutation SavePracticeState($lessonId: ID!, $input: PracticeStateInput!) {
      savePracticeState(lessonId: $lessonId, input: $input) {
        practice { ${PRACTICE_FIELDS} } userErrors { code field message } } }`,
    variables: (req) => {
      // A body that is not a JSON object (a number, a string) reads as empty: the API says what is missing.
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      const input: Record<string, unknown> = {
        positionSeconds: num(body.positionSeconds) ?? Number.NaN,
        watchedSeconds: num(body.watchedSeconds),
        durationSeconds: num(body.durationSeconds),
        mirror: bool(body.mirror),
        speed: num(body.speed),
        countIn: bool(body.countIn),
        countInBpm: num(body.countInBpm),
      };
      if ('watchedRanges' in body) input.watchedRanges = body.watchedRanges;
      if ('played' in body) input.played = bool(body.played);
      if ('loopSet' in body) input.loopSet = bool(body.loopSet);
      if ('videoId' in body) input.videoId = body.videoId;
      if ('leftAtSeconds' in body) input.leftAtSeconds = num(body.leftAtSeconds);
      if ('loopA' in body || 'loopB' in body) {
        input.loopA = num(body.loopA);
        input.loopB = num(body.loopB);
      }
      return { lessonId: req.params.id, input };
    },
    select: (root) => root.practice,
  },
];
