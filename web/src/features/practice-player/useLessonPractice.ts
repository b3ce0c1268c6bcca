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

/**
 * Saving a learner's practice in a lesson: `save` through the graph (the answer updates the cached
 * lesson, so coming back offers the right "Resume at"), `leave` with navigator.sendBeacon to
 * POST /api/lessons/:id/practice (a keepalive fetch where a beacon is refused).
 */
export function useLessonPractice(lessonId: string, enabled: boolean) {
  const client = useApolloClient();
  const [mutate] = useMutation(SavePracticeStateDocument);
  const inFlight = useRef(false);

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

  const save = useCallback(
    (s: PracticeSnapshot) => {
      if (!enabled || inFlight.current) return;
      inFlight.current = true;
      void mutate({ variables: { lessonId, input: practiceInput(s) } })
        .catch(() => undefined)
        .finally(() => {
          inFlight.current = false;
        });
      remember(s);
    },
    [enabled, mutate, lessonId, remember],
  );

  const leave = useCallback(
    (s: PracticeSnapshot) => {
      if (!enabled) return;
      const url = `/api/lessons/${encodeURIComponent(lessonId)}/practice`;
      const body = JSON.stringify(practiceInput(s));
      let sent = false;
      try {
        sent = navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
      } catch {
        sent = false;
      }
      if (!sent) {
        void fetch(url, {
          method: 'POST',
          keepalive: true,
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body,
        }).catch(() => undefined);
      }
      remember(s);
    },
    [enabled, lessonId, remember],
  );

  return { save, leave };
}
