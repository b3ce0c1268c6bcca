import { Button, HStack, List, Text } from '@chakra-ui/react';
import { Repeat } from 'lucide-react';
import { markerSpan, markerText, type StepMarker } from './markers';
import { formatTime } from './time';

/** The steps as a list: a press goes to the step; "Loop" loops it (to the next marker). */
export function MarkerList({
  markers,
  duration,
  onSeek,
  onLoop,
}: {
  markers: readonly StepMarker[];
  duration: number;
  onSeek: (seconds: number) => void;
  onLoop: (a: number, b: number) => void;
}) {
  if (!markers.length) return null;
  return (
    <List.Root as="ol" listStyle="none" gap="1" aria-label="Steps in this video">
      {markers.map((marker, index) => {
        const span = markerSpan(markers, index, duration);
        return (
          <List.Item key={`${marker.atSeconds}-${marker.label}`}>
            <HStack gap="2">
              <Button
                size="xs"
                variant="ghost"
                onClick={() => onSeek(marker.atSeconds)}
                aria-label={`Go to ${markerText(marker)}`}
              >
                <Text as="span" fontWeight="medium">
                  {marker.label}
                </Text>
                <Text as="span" color="fg.muted">
                  {formatTime(marker.atSeconds)}
                </Text>
              </Button>
              {span && (
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => onLoop(span.a, span.b)}
                  aria-label={`Loop ${marker.label} (${formatTime(span.a)}–${formatTime(span.b)})`}
                >
                  <Repeat /> Loop
                </Button>
              )}
            </HStack>
          </List.Item>
        );
      })}
    </List.Root>
  );
}
