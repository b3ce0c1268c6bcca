import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import {
  bucketTimeLabel,
  groupBuckets,
  heatColor,
  heatScale,
  type HeatLayer,
  type StatsBucket,
} from './heatmap';

const LAYERS: { layer: HeatLayer; label: string; noun: string }[] = [
  { layer: 'watchers', label: 'Watched', noun: 'learners watched' },
  { layer: 'loops', label: 'Looped', noun: 'loops set' },
  { layer: 'leaves', label: 'Left', noun: 'learners left' },
];

/** A cell's stretch of the timeline (its first bucket's start to its last's end). */
function cellLabel(cell: number, per: number, duration: number, total: number): string {
  const first = bucketTimeLabel(cell * per, duration, total).split('–')[0];
  const last = bucketTimeLabel(cell * per + per - 1, duration, total).split('–');
  const end = last[last.length - 1];
  return first === end ? first : `${first}–${end}`;
}

/** How many cells a strip shows: 100 (each 1% of the video), or 50 on a phone. */
const CELLS = { base: 50, md: 100 };

function Row({
  buckets,
  layer,
  label,
  noun,
  duration,
  cells,
  display,
  testId,
}: {
  buckets: readonly StatsBucket[];
  layer: HeatLayer;
  label: string;
  noun: string;
  duration: number;
  cells: number;
  display: Record<string, string>;
  testId?: string;
}) {
  const grouped = groupBuckets(
    buckets.map((b) => b[layer]),
    cells,
  );
  const heat = heatScale(grouped);
  const per = buckets.length / grouped.length;
  return (
    <HStack gap={2} align="center" display={display}>
      <Text fontSize="xs" color="fg.muted" w="16" flexShrink={0}>
        {label}
      </Text>
      <HStack
        gap={0}
        flex="1"
        h="5"
        borderWidth="1px"
        borderRadius="sm"
        overflow="hidden"
        bg="bg.subtle"
        role="img"
        aria-label={`${label}: ${grouped.reduce((a, b) => a + b, 0)} ${noun} along the timeline`}
        data-testid={testId}
      >
        {grouped.map((value, i) => (
          <Box
            key={i}
            flex="1"
            h="full"
            bg={heatColor(heat[i], layer)}
            title={`${cellLabel(i, per, duration, buckets.length)}: ${value} ${noun}`}
            data-value={value}
          />
        ))}
      </HStack>
    </HStack>
  );
}

/**
 * The heatmap strip on a video's timeline: three rows (who watched each stretch, where loops were
 * set, where learners left), each cell's colour scaled against the row's largest.
 */
export function HeatmapStrip({ buckets, duration }: { buckets: readonly StatsBucket[]; duration: number }) {
  return (
    <Stack gap={1} data-testid="heatmap">
      {LAYERS.map(({ layer, label, noun }) => (
        <Box key={layer}>
          <Row
            buckets={buckets}
            layer={layer}
            label={label}
            noun={noun}
            duration={duration}
            cells={CELLS.md}
            display={{ base: 'none', md: 'flex' }}
            testId={`heatmap-${layer}`}
          />
          <Row
            buckets={buckets}
            layer={layer}
            label={label}
            noun={noun}
            duration={duration}
            cells={CELLS.base}
            display={{ base: 'flex', md: 'none' }}
          />
        </Box>
      ))}
      <HStack justify="space-between" pl="4.5rem" fontSize="xs" color="fg.muted">
        <Text>0:00</Text>
        <Text>
          {bucketTimeLabel(buckets.length - 1, duration, buckets.length)
            .split('–')
            .at(-1)}
        </Text>
      </HStack>
    </Stack>
  );
}
