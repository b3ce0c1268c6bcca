import { type RefObject, useEffect } from 'react';
import { controlBarHidden, cueLineAbove, mayMoveCue } from './captionPlacement';

/**
 * Keeps the browser-drawn caption cues above media-chrome's control bar (captionPlacement.ts): each
 * caption cue whose line is 'auto' gets the line that clears the bar, again when the player is
 * resized, a track is turned on (its cues load then) or a cue starts showing — and the video's
 * bottom line while the bar is auto-hidden during playback (the controller's `userinactive` and
 * `mediapaused`, watched). A cue already on screen is removed and added again, which redraws it.
 */
export function useCuesAboveControls(
  videoRef: RefObject<HTMLVideoElement | null>,
  playerRef: RefObject<HTMLElement | null>,
  /** The caption tracks' sources, joined: the effect runs again when they change. */
  tracksKey: string,
): void {
  useEffect(() => {
    const video = videoRef.current;
    const player = playerRef.current;
    if (!video || !player || !tracksKey || typeof VTTCue === 'undefined') return;
    const moved = new WeakMap<VTTCue, number>();
    const place = () => {
      const bar = player.querySelector('media-control-bar');
      const { width, height } = video.getBoundingClientRect();
      const hidden = controlBarHidden(player.querySelector('media-controller'), bar);
      const line = cueLineAbove(width, height, hidden ? 0 : (bar?.getBoundingClientRect().height ?? 0));
      for (const track of Array.from(video.textTracks)) {
        if (track.kind !== 'captions' && track.kind !== 'subtitles') continue;
        const active = new Set(Array.from(track.activeCues ?? []));
        for (const cue of Array.from(track.cues ?? [])) {
          if (!(cue instanceof VTTCue) || !mayMoveCue(cue.line, moved.get(cue)) || cue.line === line)
            continue;
          cue.snapToLines = true;
          cue.line = line;
          moved.set(cue, line);
          // A cue on screen is not redrawn for a new line while paused (Chromium): put it back in.
          if (active.has(cue)) {
            track.removeCue(cue);
            track.addCue(cue);
          }
        }
      }
    };
    place();
    const tracks = video.textTracks;
    const elements = Array.from(video.querySelectorAll('track'));
    tracks.addEventListener('change', place);
    tracks.addEventListener('addtrack', place);
    for (const el of elements) el.addEventListener('load', place);
    for (const t of Array.from(tracks)) t.addEventListener('cuechange', place);
    const observer = new ResizeObserver(place);
    observer.observe(video);
    // The bar auto-hides while playing and comes back on a pointer move, a key or a pause.
    const shown = new MutationObserver(place);
    const controller = player.querySelector('media-controller');
    if (controller)
      shown.observe(controller, { attributes: true, attributeFilter: ['userinactive', 'mediapaused'] });
    return () => {
      observer.disconnect();
      shown.disconnect();
      tracks.removeEventListener('change', place);
      tracks.removeEventListener('addtrack', place);
      for (const el of elements) el.removeEventListener('load', place);
      for (const t of Array.from(tracks)) t.removeEventListener('cuechange', place);
    };
  }, [videoRef, playerRef, tracksKey]);
}
