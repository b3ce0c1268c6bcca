import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MembershipPlanFragment } from '../../gql/graphql';
import { system } from '../../theme';
import { graceBannerText } from './GraceBanner';
import { PlanCard } from './PlanCard';

const plan: MembershipPlanFragment = {
  id: 'p1',
  name: 'Studio Pro',
  description: 'For teachers who run a studio.',
  monthlyPriceCents: 2900,
  yearlyPriceCents: 29000,
  trialDays: 0,
  active: true,
  position: 1,
  memberOnlyCourses: true,
  resourceDiscountPercent: 20,
  lessonCredits: 2,
  trialGrantsCredits: false,
};

function render(props: Partial<Parameters<typeof PlanCard>[0]> = {}): string {
  return renderToString(
    <ChakraProvider value={system}>
      <PlanCard plan={plan} interval="month" current={false} action={<button>Join</button>} {...props} />
    </ChakraProvider>,
  )
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('PlanCard', () => {
  it('shows name, description, the monthly price with the yearly alternative, benefits and the action', () => {
    const text = render();
    expect(text).toContain('Studio Pro');
    expect(text).toContain('For teachers who run a studio.');
    expect(text).toContain('$29.00 /month');
    expect(text).toContain('or $290.00/year');
    expect(text).toContain('20% off curriculum resources');
    expect(text).toContain('2 private-lesson credits per month');
    expect(text).toContain('Join');
    expect(text).not.toContain('Your plan');
  });

  it('shows the yearly price with what it saves, and marks the member’s plan', () => {
    const text = render({ interval: 'year', current: true });
    expect(text).toContain('$290.00 /year');
    expect(text).toContain('Save $58.00 a year (16%)');
    expect(text).toContain('2 private-lesson credits per year');
    expect(text).toContain('Your plan');
  });
});

describe('graceBannerText', () => {
  it('asks for the payment method by the end of the grace period', () => {
    expect(graceBannerText('2026-11-20T12:00:00Z')).toBe(
      'Your last payment failed — update your payment method by Nov 20, 2026 to keep your membership.',
    );
  });
});
