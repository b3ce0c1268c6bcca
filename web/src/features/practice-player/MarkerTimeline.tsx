import { Box } from '@chakra-ui/react';
import type { RefObject } from 'react';
import { useRef } from 'react';
import { markerText, type StepMarker } from './markers';
import { timeOffset } from './seekBarSpan';
import { useSeekBarSpan } from './useSeekBarSpan';

/**
 * The step markers (and the A–B loop) on a strip under the video, lined up with the seek bar: a
 * marker at t is drawn over the seek bar's position for t (measured, at every width). A tick per
 * marker, each a button that seeks there.
 */
export function MarkerTimeline({
  player,
  markers,
  duration,
  loopA,
  loopB,
  onSeek,
}: {
  /** The element holding the player's `media-time-range` (the strip follows its track). */
  player: RefObject<HTMLElement | null>;
  markers: readonly StepMarker[];
  duration: number;
  loopA: number | null;
  loopB: number | null;
  onSeek: (seconds: number) => void;
}) {
  const strip = useRef<HTMLDivElement | null>(null);
  const { span, stripWidth } = useSeekBarSpan(player, strip);
  const shown = duration > 0 && (markers.length > 0 || loopA !== null);
  const x = (t: number) => timeOffset(t, duration, span, stripWidth);
  return (
    <Box
      ref={strip}
      position="relative"
      height={shown ? '18px' : '0'}
      bg={shown ? 'bg.muted' : undefined}
      borderBottomRadius="md"
      data-testid={shown ? 'marker-timeline' : undefined}
      data-aligned={span ? 'true' : 'false'}
      aria-hidden={shown ? undefined : true}
    >
      {shown && loopA !== null && (
        <Box
          position="absolute"
          top="0"
          bottom="0"
          left={`${x(loopA)}px`}
          width={loopB !== null ? `${Math.max(2, x(loopB) - x(loopA))}px` : '2px'}
          bg="teal.500/40"
          aria-hidden
        />
      )}
      {shown &&
        markers.map((marker) => (
          <Box
            as="button"
            key={`${marker.atSeconds}-${marker.label}`}
            position="absolute"
            top="0"
            bottom="0"
            width="10px"
            marginLeft="-5px"
            left={`${x(marker.atSeconds)}px`}
            cursor="pointer"
            aria-label={`Timeline: ${markerText(marker)}`}
            title={markerText(marker)}
            data-at={marker.atSeconds}
            onClick={() => onSeek(marker.atSeconds)}
            _before={{
              content: '""',
              position: 'absolute',
              left: '4px',
              top: '2px',
              bottom: '2px',
              width: '2px',
              bg: 'orange.500',
            }}
          />
        ))}
    </Box>
  );
}
