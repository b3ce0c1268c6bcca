import { describe, expect, it } from 'vitest';
import {
  benefitLines,
  bestYearlySavingPercent,
  formatPlanPrice,
  isLiveMembership,
  membershipNextLine,
  membershipStateLabel,
  membershipStatePalette,
  pendingChangeLine,
  planChangeKind,
  planPriceCents,
  receiptPdfUrl,
  yearlySaving,
} from './membershipFormat';

const plan = {
  monthlyPriceCents: 1200,
  yearlyPriceCents: 12000,
  trialDays: 14,
  memberOnlyCourses: true,
  resourceDiscountPercent: 10,
  lessonCredits: 2,
};

describe('plan prices', () => {
  it('picks the price of the interval and formats it per period', () => {
    expect(planPriceCents(plan, 'month')).toBe(1200);
    expect(planPriceCents(plan, 'year')).toBe(12000);
    expect(formatPlanPrice(1200, 'month')).toBe('$12.00/month');
    expect(formatPlanPrice(12000, 'year')).toBe('$120.00/year');
  });

  it('measures the yearly saving against 12 monthly payments, rounding the percent down', () => {
    expect(yearlySaving(plan)).toEqual({ cents: 2400, percent: 16 });
    expect(yearlySaving({ monthlyPriceCents: 1000, yearlyPriceCents: 12000 })).toEqual({
      cents: 0,
      percent: 0,
    });
    expect(yearlySaving({ monthlyPriceCents: 1000, yearlyPriceCents: 13000 })).toEqual({
      cents: 0,
      percent: 0,
    });
    expect(bestYearlySavingPercent([plan, { monthlyPriceCents: 3000, yearlyPriceCents: 24000 }])).toBe(33);
    expect(bestYearlySavingPercent([])).toBe(0);
  });
});

describe('benefitLines', () => {
  it('lists member-only courses, the discount, credits per period and the trial', () => {
    expect(benefitLines(plan, 'month')).toEqual([
      'Member-only courses at no charge',
      '10% off curriculum resources',
      '2 private-lesson credits per month',
      '14-day free trial for new members',
    ]);
    expect(benefitLines(plan, 'year')[2]).toBe('2 private-lesson credits per year');
  });

  it('says when the trial gives no lesson credits', () => {
    expect(benefitLines({ ...plan, trialGrantsCredits: false }, 'month')[3]).toBe(
      '14-day free trial for new members (lesson credits start after it)',
    );
    expect(benefitLines({ ...plan, trialGrantsCredits: true }, 'month')[3]).toBe(
      '14-day free trial for new members',
    );
  });

  it('leaves out what the plan does not give, and says "credit" for one', () => {
    expect(
      benefitLines(
        { ...plan, memberOnlyCourses: false, resourceDiscountPercent: 0, lessonCredits: 1, trialDays: 0 },
        'month',
      ),
    ).toEqual(['1 private-lesson credit per month']);
  });
});

describe('planChangeKind (the server’s upgrade rule)', () => {
  const current = { planId: 'a', interval: 'month', priceCents: 1200 };
  it('is the same plan only for the same plan and interval', () => {
    expect(planChangeKind(current, { ...current })).toBe('same');
    expect(planChangeKind(current, { planId: 'a', interval: 'year', priceCents: 12000 })).toBe('upgrade');
  });
  it('month → year is an upgrade, year → month a downgrade, whatever the prices', () => {
    expect(planChangeKind(current, { planId: 'b', interval: 'year', priceCents: 100 })).toBe('upgrade');
    expect(
      planChangeKind(
        { planId: 'a', interval: 'year', priceCents: 12000 },
        { planId: 'b', interval: 'month', priceCents: 9900 },
      ),
    ).toBe('downgrade');
  });
  it('within an interval a higher price upgrades and a lower or equal one downgrades', () => {
    expect(planChangeKind(current, { planId: 'b', interval: 'month', priceCents: 2900 })).toBe('upgrade');
    expect(planChangeKind(current, { planId: 'b', interval: 'month', priceCents: 900 })).toBe('downgrade');
    expect(planChangeKind(current, { planId: 'b', interval: 'month', priceCents: 1200 })).toBe('downgrade');
  });
});

describe('membershipNextLine', () => {
  const base = { provider: 'test', currentPeriodEnd: '2026-12-01T12:00:00Z' };
  it('shows the next charge of an active membership', () => {
    expect(
      membershipNextLine({
        ...base,
        state: 'active',
        nextChargeAt: '2026-12-01T12:00:00Z',
        nextChargeCents: 1200,
      }),
    ).toBe('Next charge $12.00 on Dec 1, 2026');
  });
  it('says when a cancelling membership ends, and when a trial ends and what follows', () => {
    expect(membershipNextLine({ ...base, state: 'cancelling' })).toBe('Ends on Dec 1, 2026');
    expect(
      membershipNextLine({
        ...base,
        state: 'trialing',
        trialEnd: '2026-11-15T12:00:00Z',
        nextChargeAt: '2026-11-15T12:00:00Z',
        nextChargeCents: 1200,
      }),
    ).toBe('Trial ends Nov 15, 2026, then $12.00 on Nov 15, 2026');
  });
  it('gives the end of the grace period, a lapse, an end, and a comp without charges', () => {
    expect(membershipNextLine({ ...base, state: 'grace', graceEndsAt: '2026-11-20T12:00:00Z' })).toBe(
      'Payment failed — update your payment method by Nov 20, 2026',
    );
    expect(membershipNextLine({ ...base, state: 'lapsed' })).toMatch(/^Benefits paused/);
    expect(membershipNextLine({ ...base, state: 'ended', endedAt: '2026-10-01T12:00:00Z' })).toBe(
      'Ended on Oct 1, 2026',
    );
    expect(membershipNextLine({ ...base, state: 'active', provider: 'comp' })).toBe(
      'Complimentary until Dec 1, 2026',
    );
    expect(membershipNextLine({ ...base, state: 'cancelling', provider: 'comp' })).toBe(
      'Complimentary until Dec 1, 2026',
    );
  });
});

describe('states, receipts, pending changes', () => {
  it('labels and colours every state, and shows an unknown one as given', () => {
    expect(membershipStateLabel('grace')).toBe('Payment failed');
    expect(membershipStatePalette('active')).toBe('green');
    expect(membershipStateLabel('paused')).toBe('paused');
    expect(membershipStateLabel('cancelling', 'comp')).toBe('Complimentary');
    expect(membershipStatePalette('cancelling', 'comp')).toBe('purple');
    expect(membershipStateLabel('cancelling', 'test')).toBe('Cancelling');
    expect(membershipStatePalette('paused')).toBe('gray');
  });
  it('counts every membership but an ended one as live', () => {
    expect(isLiveMembership(null)).toBe(false);
    expect(isLiveMembership({ state: 'ended' })).toBe(false);
    expect(isLiveMembership({ state: 'lapsed' })).toBe(true);
  });
  it('links the PDF receipt beside the HTML one', () => {
    expect(receiptPdfUrl('/api/subscription/invoices/i1/receipt')).toBe(
      '/api/subscription/invoices/i1/receipt.pdf',
    );
  });
  it('describes a downgrade waiting for the period end', () => {
    expect(
      pendingChangeLine({
        pendingPlan: { name: 'Member' },
        pendingInterval: 'month',
        pendingPriceCents: 1200,
        currentPeriodEnd: '2026-12-01T12:00:00Z',
      }),
    ).toBe('Changes to Member (monthly, $12.00/month) on Dec 1, 2026.');
    expect(pendingChangeLine({ pendingPlan: null })).toBe('');
  });
});
