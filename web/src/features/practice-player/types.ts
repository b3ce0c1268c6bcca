import type { StepMarker } from './markers';
import type { WatchedRange } from './watched';

/** A learner's practice settings for one lesson (what is remembered per lesson). */
export interface PracticeSettings {
  mirror: boolean;
  speed: number;
  loopA: number | null;
  loopB: number | null;
  countIn: boolean;
  countInBpm: number;
}

/** What the player reports to be saved: the settings and where the learner is. */
export interface PracticeSnapshot extends PracticeSettings {
  positionSeconds: number;
  durationSeconds: number;
  /** Seconds played at least once in this visit (the union of played ranges). */
  watchedSeconds: number;
  /** The stretches played in this visit (merged); the server adds them to other devices'. */
  watchedRanges: WatchedRange[];
  /** Plays started in this visit (0 or 1: the stats count one play a visit). */
  playCount: number;
  /** A–B loops the learner set in this visit (each counts once in the stats). */
  loopSetCount: number;
}

/** A caption track of the video. */
export interface CaptionTrack {
  src: string;
  srclang: string;
  label: string;
}

export type SaveReason = 'interval' | 'settings' | 'pause';

export interface PracticePlayerProps {
  /** An HLS playlist (.m3u8) or a plain MP4/WebM file. */
  src: string;
  poster?: string | null;
  /** Caption tracks (WebVTT), listed in the player's captions menu. */
  captions?: readonly CaptionTrack[];
  /** The scrubbing thumbnails' WebVTT (cues `sprite.jpg#xywh=…`), previewed over the seek bar. */
  thumbnails?: string | null;
  /** Accessible name of the video ("Lesson video: Basic step"). */
  title?: string;
  markers?: readonly StepMarker[];
  /** Saved settings and position (a saved position > 0 offers "Resume at m:ss"). */
  initialState?: Partial<PracticeSettings> & { positionSeconds?: number | null };
  /** Every 5 s while playing, on pause and on a setting's change. */
  onSave?: (snapshot: PracticeSnapshot, reason: SaveReason) => void;
  /** When the page is left or hidden (send it with navigator.sendBeacon). */
  onLeave?: (snapshot: PracticeSnapshot) => void;
  /** The playback time, as it changes (the marker editor's "Add marker at current time"). */
  onTimeUpdate?: (seconds: number) => void;
}
