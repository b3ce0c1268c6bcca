import { AspectRatio } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';

/**
 * A plain player for a lesson's hosted video (HLS through hls.js; Safari plays HLS itself). A minimal
 * fallback until the practice player (issue 34) replaces its use on the lesson page.
 */
export function HostedVideo({ src, poster, title }: { src: string; poster?: string | null; title: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let destroy: (() => void) | undefined;
    let cancelled = false;
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = src;
    } else {
      void import('hls.js').then(({ default: Hls }) => {
        if (cancelled || !Hls.isSupported()) return;
        const hls = new Hls();
        hls.loadSource(src);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      });
    }
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [src]);
  return (
    <AspectRatio ratio={16 / 9} borderRadius="l3" overflow="hidden" bg="black">
      <video
        ref={ref}
        controls
        playsInline
        poster={poster ?? undefined}
        aria-label={`Video: ${title}`}
        data-testid="hosted-video"
      />
    </AspectRatio>
  );
}
