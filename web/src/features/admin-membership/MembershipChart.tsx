import { Box, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { chartGeometry, type ChartPoint } from './chartGeometry';

const WIDTH = 320;
const HEIGHT = 120;

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
/** "Nov 26" for the first instant of a month. */
export const monthLabel = (date: unknown) =>
  typeof date === 'string' && date ? monthFormat.format(new Date(date)) : '';

/**
 * A small line chart of one number per month (inline SVG: no chart library, no inline styles).
 * Colours come from the parent's `color` (currentColor); screen readers get a summary.
 */
export function MembershipChart({
  title,
  points,
  format,
  color = 'brand.solid',
}: {
  title: string;
  points: readonly ChartPoint[];
  format: (value: number) => string;
  color?: string;
}) {
  const titleId = useId();
  const { points: line, dots, max } = chartGeometry(points, WIDTH, HEIGHT);
  const first = points[0];
  const last = points[points.length - 1];
  const summary =
    first && last
      ? `${title}: ${format(first.value)} in ${monthLabel(first.date)}, ${format(last.value)} in ${monthLabel(last.date)}.`
      : `${title}: no data yet.`;
  return (
    <Stack gap={1} flex="1" minW="16rem">
      <Text fontWeight="medium" fontSize="sm" id={titleId}>
        {title}
      </Text>
      <Box color={color} borderWidth="1px" borderRadius="l2" bg="bg" p={2}>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width="100%"
          height={HEIGHT}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={`${titleId}-summary`}
          preserveAspectRatio="none"
        >
          <line
            x1="8"
            x2={WIDTH - 8}
            y1={HEIGHT - 8}
            y2={HEIGHT - 8}
            stroke="currentColor"
            strokeOpacity="0.25"
          />
          <line
            x1="8"
            x2={WIDTH - 8}
            y1="8"
            y2="8"
            stroke="currentColor"
            strokeOpacity="0.1"
            strokeDasharray="4 4"
          />
          {dots.length > 1 ? (
            <polyline
              points={line}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          ) : null}
          {dots.map((dot) => (
            <circle key={String(dot.date)} cx={dot.x} cy={dot.y} r="3" fill="currentColor">
              <title>{`${monthLabel(dot.date)}: ${format(dot.value)}`}</title>
            </circle>
          ))}
        </svg>
      </Box>
      <Stack direction="row" justify="space-between" fontSize="xs" color="fg.muted">
        <Text>{first ? monthLabel(first.date) : ''}</Text>
        <Text>Top of scale: {format(max)}</Text>
        <Text>{last ? monthLabel(last.date) : ''}</Text>
      </Stack>
      <Text srOnly id={`${titleId}-summary`}>
        {summary}
      </Text>
    </Stack>
  );
}
