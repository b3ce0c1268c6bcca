import { type Beat } from './countIn';

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

/** One shared AudioContext, made on first use (after a user's press, as browsers require). */
function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor: AudioContextClass | undefined =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);
  context = Ctor ? new Ctor() : null;
  return context;
}

/**
 * Schedules the count-in's clicks on the audio clock (a short sine blip per beat, higher on the
 * accents), so they stay in time whatever the page's main thread does. Returns a stop function.
 */
export function playClicks(beats: readonly Beat[]): () => void {
  const ctx = audioContext();
  if (!ctx) return () => undefined;
  void ctx.resume();
  const start = ctx.currentTime + 0.05;
  const oscillators: OscillatorNode[] = [];
  for (const beat of beats) {
    const at = start + beat.atMs / 1000;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = beat.accent ? 1320 : 880;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.5, at + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.08);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.1);
    oscillators.push(osc);
  }
  return () => {
    for (const osc of oscillators) {
      try {
        osc.stop();
      } catch {
        // already stopped
      }
    }
  };
}
