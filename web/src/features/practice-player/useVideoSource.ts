import { type RefObject, useEffect, useState } from 'react';
import { type QualityLevel, qualityLevels, sourceKind } from './source';

interface HlsLike {
  levels: { height?: number; bitrate?: number }[];
  currentLevel: number;
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  destroy(): void;
  on(event: string, callback: () => void): void;
}

/**
 * Attaches `src` to the video: a plain file or an HLS playlist the browser plays itself (Safari) as
 * its `src`; otherwise hls.js (loaded only then, its own chunk). Returns the quality levels hls.js
 * found (empty when the browser plays it) and a setter: -1 is hls.js's automatic adaptation.
 */
export function useVideoSource(
  video: RefObject<HTMLVideoElement | null>,
  src: string,
): { levels: QualityLevel[]; level: number; setLevel: (index: number) => void; error: string | null } {
  const [hls, setHls] = useState<HlsLike | null>(null);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [level, setLevelState] = useState(-1);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const media = video.current;
    if (!media) return;
    let cancelled = false;
    let instance: HlsLike | null = null;
    setLevels([]);
    setLevelState(-1);
    setError(null);
    const native = media.canPlayType('application/vnd.apple.mpegurl') !== '';
    if (sourceKind(src) !== 'hls' || native) {
      media.src = src;
    } else {
      void import('hls.js/light')
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) {
            setError('This browser cannot play this video.');
            return;
          }
          const made = new Hls({ capLevelToPlayerSize: true }) as unknown as HlsLike;
          instance = made;
          made.on(Hls.Events.MANIFEST_PARSED, () => setLevels(qualityLevels(made.levels)));
          made.loadSource(src);
          made.attachMedia(media);
          setHls(made);
        })
        .catch(() => setError('The player could not be loaded. Reload the page to try again.'));
    }
    return () => {
      cancelled = true;
      instance?.destroy();
      setHls(null);
      if (!instance) {
        media.removeAttribute('src');
        media.load();
      }
    };
  }, [video, src]);

  const setLevel = (index: number) => {
    setLevelState(index);
    if (hls) hls.currentLevel = index;
  };
  return { levels, level, setLevel, error };
}
