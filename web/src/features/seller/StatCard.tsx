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
          {hint ? <Stat.HelpText>{hint}</Stat.HelpText> : null}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
