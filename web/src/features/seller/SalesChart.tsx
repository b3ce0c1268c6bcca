import { Box, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { axisTicks, formatCents, niceMax, shortDate } from './sellerFormat';

export interface SalesChartPoint {
  date: string;
  salesCount: number;
  grossCents: number;
  netCents: number;
}

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, right: 24, bottom: 28, left: 64 };

/**
 * Revenue per day as an SVG bar chart (no chart library). Screen readers get a summary as the
 * image's description and the numbers as a visually hidden table; each bar has a tooltip title.
 */
export function SalesChart({
  points,
  title = 'Sales over time',
}: {
  points: SalesChartPoint[];
  title?: string;
}) {
  const id = useId();
  const totalGross = points.reduce((sum, p) => sum + p.grossCents, 0);
  const totalSales = points.reduce((sum, p) => sum + p.salesCount, 0);
  const top = niceMax(Math.max(0, ...points.map((p) => p.grossCents)));
  const ticks = axisTicks(top, 4);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = points.length ? innerW / points.length : innerW;
  const barW = Math.max(1, slot * 0.7);
  const y = (cents: number) => PAD.top + innerH - (cents / top) * innerH;
  // About six date labels whatever the range.
  const labelEvery = Math.max(1, Math.ceil(points.length / 6));
  const range = points.length
    ? `${shortDate(points[0].date)} to ${shortDate(points[points.length - 1].date)}`
    : '';

  return (
    <Box>
      <Box color="teal.500">
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width="100%"
          style={{ display: 'block', height: 'auto' }}
          data-testid="sales-chart"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>
            {`${totalSales} ${totalSales === 1 ? 'sale' : 'sales'} totalling ${formatCents(totalGross)} from ${range}.`}
          </desc>
          {ticks.map((value) => (
            <g key={value} aria-hidden="true">
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(value)}
                y2={y(value)}
                stroke="var(--chakra-colors-border)"
                strokeWidth={1}
              />
              <text
                x={PAD.left - 8}
                y={y(value)}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize="11"
                fill="var(--chakra-colors-fg-muted)"
              >
                {formatCents(value)}
              </text>
            </g>
          ))}
          {points.map((p, i) => {
            const x = PAD.left + i * slot + (slot - barW) / 2;
            const h = PAD.top + innerH - y(p.grossCents);
            return (
              <g key={p.date}>
                <rect
                  x={x}
                  y={y(p.grossCents)}
                  width={barW}
                  height={Math.max(0, h)}
                  rx={Math.min(3, barW / 3)}
                  fill="currentColor"
                  data-testid="sales-chart-bar"
                >
                  <title>{`${shortDate(p.date)}: ${p.salesCount} ${p.salesCount === 1 ? 'sale' : 'sales'}, ${formatCents(p.grossCents)}`}</title>
                </rect>
                {(points.length - 1 - i) % labelEvery === 0 ? (
                  <text
                    aria-hidden="true"
                    x={PAD.left + i * slot + slot / 2}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                    fontSize="11"
                    fill="var(--chakra-colors-fg-muted)"
                  >
                    {shortDate(p.date)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </Box>
      <Box srOnly>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Sales</th>
              <th scope="col">Revenue</th>
              <th scope="col">Net</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <th scope="row">{shortDate(p.date)}</th>
                <td>{p.salesCount}</td>
                <td>{formatCents(p.grossCents)}</td>
                <td>{formatCents(p.netCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
      {totalSales === 0 ? (
        <Text fontSize="sm" color="fg.muted" mt={2}>
          No sales in this period yet.
        </Text>
      ) : null}
    </Box>
  );
}
