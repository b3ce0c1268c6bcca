import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback, useRef } from 'react';
import { SavePracticeStateDocument } from './practiceDocuments';
import type { PracticeSnapshot } from './types';

/** The saved fields of a snapshot (what savePracticeState and the beacon take). */
export function practiceInput(s: PracticeSnapshot) {
  return {
    positionSeconds: Math.max(0, s.positionSeconds),
    watchedSeconds: Math.max(0, s.watchedSeconds),
    durationSeconds: Math.max(0, s.durationSeconds),
    mirror: s.mirror,
    speed: s.speed,
    loopA: s.loopA,
    loopB: s.loopB,
    countIn: s.countIn,
    countInBpm: s.countInBpm,
  };
}

/** What a save reports for the stats beyond the snapshot: a play, a loop set, where the learner left. */
interface Reported {
  plays: number;
  loopsSet: number;
  leftAt: number | null;
}

/**
 * The snapshot as sent: its fields, the video played (`videoId`: the hosted video's id, null for a
 * file/HLS link — the stats count for it, even after the lesson's video was replaced), its watched
 * ranges (added to other devices' on the server), and `played`/`loopSet` only when this visit's
 * counts grew since the last request sent.
 */
export function reportInput(
  s: PracticeSnapshot,
  reported: Reported,
  leaving = false,
  videoId: string | null = null,
) {
  const input: ReturnType<typeof practiceInput> & {
    videoId: string | null;
    watchedRanges?: { start: number; end: number }[];
    played?: boolean;
    loopSet?: boolean;
    leftAtSeconds?: number;
  } = { ...practiceInput(s), videoId };
  if (s.durationSeconds > 0 && s.watchedRanges.length) {
    input.watchedRanges = s.watchedRanges.map((r) => ({
      start: r.start,
      end: Math.min(r.end, s.durationSeconds),
    }));
  }
  if (s.playCount > reported.plays) input.played = true;
  if (s.loopSetCount > reported.loopsSet && s.loopA !== null && s.loopB !== null && s.durationSeconds > 0) {
    input.loopSet = true;
  }
  if (leaving && s.durationSeconds > 0) {
    const at = Math.min(Math.max(0, s.positionSeconds), s.durationSeconds);
    if (at !== reported.leftAt) input.leftAtSeconds = at;
  }
  return input;
}

type SaveInput = ReturnType<typeof reportInput>;

/**
 * The saves waiting while one is in flight, with `input` added: the newest replaces a waiting one,
 * unless that one reports something only it carries (a play, a loop set), so no stat is lost when
 * saves come faster than the server answers (a loop set and cleared during a slow save).
 */
export function queuedSaves(waiting: readonly SaveInput[], input: SaveInput): SaveInput[] {
  const last = waiting.at(-1);
  if (last && !last.played && !last.loopSet) return [...waiting.slice(0, -1), input];
  return [...waiting, input];
}

/**
 * Saving a learner's practice in a lesson: `save` through the graph (the answer updates the cached
 * lesson, so coming back offers the right "Resume at"), each naming the video played (`videoId`),
 * `leave` with navigator.sendBeacon to
 * POST /api/lessons/:id/practice (a keepalive fetch where a beacon is refused).
 */
export function useLessonPractice(lessonId: string, enabled: boolean, videoId: string | null) {
  const client = useApolloClient();
  const [mutate] = useMutation(SavePracticeStateDocument);
  const inFlight = useRef(false);
  const waiting = useRef<SaveInput[]>([]);
  const reported = useRef<Reported>({ plays: 0, loopsSet: 0, leftAt: null });

  /** The input of a request about to be sent; what it reports counts as reported. */
  const sent = useCallback(
    (s: PracticeSnapshot, leaving: boolean) => {
      const input = reportInput(s, reported.current, leaving, videoId);
      reported.current = {
        plays: Math.max(reported.current.plays, s.playCount),
        loopsSet: Math.max(reported.current.loopsSet, s.loopSetCount),
        leftAt: input.leftAtSeconds ?? reported.current.leftAt,
      };
      return input;
    },
    [videoId],
  );

  const remember = useCallback(
    (s: PracticeSnapshot) => {
      client.cache.modify({
        id: client.cache.identify({ __typename: 'LessonContent', id: lessonId }),
        fields: {
          myPractice: (existing: unknown) =>
            existing && typeof existing === 'object'
              ? { ...existing, ...practiceInput(s), updatedAt: new Date().toISOString() }
              : existing,
        },
      });
    },
    [client, lessonId],
  );

  /** Sends one save; the saves that came meanwhile follow it, one at a time. */
  const send = useCallback(
    (input: SaveInput) => {
      inFlight.current = true;
      void mutate({ variables: { lessonId, input } })
        .catch(() => undefined)
        .finally(() => {
          const next = waiting.current.shift();
          if (next) send(next);
          else inFlight.current = false;
        });
    },
    [mutate, lessonId],
  );

  const save = useCallback(
    (s: PracticeSnapshot) => {
      if (!enabled) return;
      const input = sent(s, false);
      if (inFlight.current) waiting.current = queuedSaves(waiting.current, input);
      else send(input);
      remember(s);
    },
    [enabled, send, remember, sent],
  );

  const leave = useCallback(
    (s: PracticeSnapshot) => {
      if (!enabled) return;
      const url = `/api/lessons/${encodeURIComponent(lessonId)}/practice`;
      const beacon = (input: SaveInput) => {
        const body = JSON.stringify(input);
        let queued = false;
        try {
          queued = navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
        } catch {
          queued = false;
        }
        if (!queued) {
          void fetch(url, {
            method: 'POST',
            keepalive: true,
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json' },
            body,
          }).catch(() => undefined);
        }
      };
      // Saves still waiting for the one in flight go first: the page may not live to send them.
      for (const input of waiting.current.splice(0)) beacon(input);
      beacon(sent(s, true));
      remember(s);
    },
    [enabled, lessonId, remember, sent],
  );

  return { save, leave };
}
