import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { StoreOrderDetailsFragment } from '../../gql/graphql';
import { system } from '../../theme';
import { StoreOrderCard, storeOrderPalette } from './StoreOrderCard';

const usd = (amount: string) => ({ amount, currencyCode: 'USD' });

const order: StoreOrderDetailsFragment = {
  id: 'o1',
  name: '#1001',
  createdAt: '2026-11-28T10:00:00Z',
  status: 'Fulfilled',
  financialStatus: 'paid',
  fulfillmentStatus: 'fulfilled',
  cancelledAt: null,
  total: usd('95.00'),
  lines: [
    {
      title: 'Ballet slippers',
      variantTitle: '7 / Pink',
      quantity: 2,
      refundedQuantity: 0,
      sku: 'BS-7-P',
      price: usd('45.00'),
    },
    {
      title: 'Syllabus',
      variantTitle: null,
      quantity: 1,
      refundedQuantity: 1,
      sku: null,
      price: usd('5.00'),
    },
  ],
  trackingNumber: '1Z999',
  trackingUrl: 'https://track.example/1Z999',
  trackingCompany: 'UPS',
  statusUrl: 'javascript:alert(1)',
};

const markup = (html: string) => html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
const text = (html: string) =>
  markup(html)
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

function render(value: StoreOrderDetailsFragment): string {
  return markup(
    renderToString(
      <ChakraProvider value={system}>
        <StoreOrderCard order={value} />
      </ChakraProvider>,
    ),
  );
}

describe('StoreOrderCard', () => {
  it('shows the order name, date, status, total, lines and the tracking link', () => {
    const html = render(order);
    const shown = text(html);
    expect(shown).toContain('Store order #1001');
    expect(shown).toContain('Nov 28, 2026 · 3 items');
    expect(shown).toContain('Fulfilled');
    expect(shown).toContain('$95.00');
    expect(shown).toContain('Ballet slippers 7 / Pink 2 × $45.00');
    expect(shown).toContain('Syllabus 1 × $5.00 Refunded');
    expect(html).toMatch(
      /<a[^>]*href="https:\/\/track.example\/1Z999"[^>]*target="_blank"[^>]*rel="noopener noreferrer"/,
    );
    expect(shown).toContain('Track package (opens in a new tab) UPS 1Z999');
    // Only web links are followed.
    expect(html).not.toContain('javascript:');
  });

  it('shows the tracking number without a link, and no footer without tracking', () => {
    expect(text(render({ ...order, trackingUrl: null }))).toContain('Tracking UPS 1Z999');
    const bare = render({
      ...order,
      trackingUrl: null,
      trackingNumber: null,
      trackingCompany: null,
      statusUrl: null,
    });
    expect(bare).not.toContain('store-order-tracking');
  });

  it('colours the status', () => {
    expect(storeOrderPalette('Paid')).toBe('green');
    expect(storeOrderPalette('Refunded')).toBe('purple');
    expect(storeOrderPalette('Cancelled')).toBe('gray');
    expect(storeOrderPalette('Something new')).toBe('gray');
  });
});
