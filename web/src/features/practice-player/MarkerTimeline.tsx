import { Box } from '@chakra-ui/react';
import { markerPercent, markerText, type StepMarker } from './markers';

/**
 * The step markers (and the A–B loop) on a strip under the video, the width of the timeline: a
 * tick per marker, each a button that seeks there.
 */
export function MarkerTimeline({
  markers,
  duration,
  loopA,
  loopB,
  onSeek,
}: {
  markers: readonly StepMarker[];
  duration: number;
  loopA: number | null;
  loopB: number | null;
  onSeek: (seconds: number) => void;
}) {
  if (!(duration > 0) || (!markers.length && loopA === null)) return null;
  const pct = (t: number) => markerPercent({ label: '', atSeconds: t }, duration);
  return (
    <Box
      position="relative"
      height="18px"
      bg="bg.muted"
      borderBottomRadius="md"
      data-testid="marker-timeline"
    >
      {loopA !== null && (
        <Box
          position="absolute"
          top="0"
          bottom="0"
          left={`${pct(loopA)}%`}
          width={loopB !== null ? `${pct(loopB) - pct(loopA)}%` : '2px'}
          bg="teal.500/40"
          aria-hidden
        />
      )}
      {markers.map((marker) => (
        <Box
          as="button"
          key={`${marker.atSeconds}-${marker.label}`}
          position="absolute"
          top="0"
          bottom="0"
          width="10px"
          marginLeft="-5px"
          left={`${markerPercent(marker, duration)}%`}
          cursor="pointer"
          aria-label={`Timeline: ${markerText(marker)}`}
          title={markerText(marker)}
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
