import { Card, Stat } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One figure of a dashboard: a label, the value and an optional hint below. */
export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText>{value}</Stat.ValueText>
          {/* Stat.Root is a <dl>: the hint is a second <dd> of the label, not a bare <span>. */}
          {hint ? (
            <Stat.HelpText asChild>
              <dd>{hint}</dd>
            </Stat.HelpText>
          ) : null}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
