import { useCallback, useEffect, useRef, useState } from 'react';
import { countInDurationMs, countInSchedule } from './countIn';
import { playClicks } from './countInAudio';

/**
 * The count-in: `start(bpm, then)` shows 1..8 (the `beat`) with a click each, then calls `then`;
 * `cancel()` stops it. One at a time.
 */
export function useCountIn(): {
  beat: number | null;
  start: (bpm: number, then: () => void) => void;
  cancel: () => void;
} {
  const [beat, setBeat] = useState<number | null>(null);
  const timers = useRef<number[]>([]);
  const stopAudio = useRef<() => void>(() => undefined);

  const cancel = useCallback(() => {
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [];
    stopAudio.current();
    stopAudio.current = () => undefined;
    setBeat(null);
  }, []);

  const start = useCallback(
    (bpm: number, then: () => void) => {
      cancel();
      const beats = countInSchedule(bpm);
      stopAudio.current = playClicks(beats);
      timers.current = beats.map((b) => window.setTimeout(() => setBeat(b.count), b.atMs));
      timers.current.push(
        window.setTimeout(() => {
          timers.current = [];
          setBeat(null);
          then();
        }, countInDurationMs(bpm)),
      );
    },
    [cancel],
  );

  useEffect(() => cancel, [cancel]);
  return { beat, start, cancel };
}
