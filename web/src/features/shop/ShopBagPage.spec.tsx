import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { ShopBagDetailsFragment } from '../../gql/graphql';
import { system } from '../../theme';
import { ShopBagView, type ShopBagViewProps } from './ShopBagPage';
import { checkoutRefusal, startCheckout } from './shopCheckout';

const usd = (amount: string) => ({ amount, currencyCode: 'USD' });

const bag: ShopBagDetailsFragment = {
  totalQuantity: 3,
  subtotal: usd('134.00'),
  lines: [
    {
      variantId: 'gid://shopify/ProductVariant/11',
      quantity: 2,
      problem: null,
      lineTotal: usd('90.00'),
      product: { id: 'p1', handle: 'ballet-slippers', title: 'Ballet slippers', images: [] },
      variant: {
        id: 'gid://shopify/ProductVariant/11',
        title: '7 / Pink',
        sku: 'BS-7-P',
        available: true,
        quantityAvailable: 8,
        imageUrl: null,
        price: usd('45.00'),
        compareAtPrice: null,
        selectedOptions: [
          { name: 'Size', value: '7' },
          { name: 'Colour', value: 'Pink' },
        ],
      },
    },
    {
      variantId: 'gid://shopify/ProductVariant/12',
      quantity: 1,
      problem: 'Only 0 left in stock',
      lineTotal: usd('44.00'),
      product: { id: 'p2', handle: 'tap-shoes', title: 'Tap shoes', images: [] },
      variant: null,
    },
  ],
};

const markup = (html: string) => html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
const text = (html: string) =>
  markup(html)
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

function render(props: Partial<ShopBagViewProps> = {}): string {
  return markup(
    renderToString(
      <ChakraProvider value={system}>
        <MemoryRouter>
          <ShopBagView
            mode="guest"
            bag={bag}
            busyVariantId={null}
            checkingOut={false}
            refusal={null}
            onQuantity={() => undefined}
            onRemove={() => undefined}
            onCheckout={() => undefined}
            {...props}
          />
        </MemoryRouter>
      </ChakraProvider>,
    ),
  );
}

const LINES = [{ variantId: 'gid://shopify/ProductVariant/11', quantity: 2 }];

describe('shop checkout', () => {
  it('a guest sends the lines, the browser bag is emptied, then the browser goes to the checkout URL', async () => {
    const calls: string[] = [];
    const send = vi.fn(async () => {
      calls.push('send');
      return { checkoutUrl: 'http://localhost/demo-store/checkouts/abc', userErrors: [] };
    });
    const refusal = await startCheckout({
      guestLines: LINES,
      send,
      clearGuestBag: () => calls.push('clear'),
      go: (url) => calls.push(`go ${url}`),
    });
    expect(refusal).toBeNull();
    expect(send).toHaveBeenCalledWith(LINES);
    expect(calls).toEqual(['send', 'clear', 'go http://localhost/demo-store/checkouts/abc']);
  });

  it('a member sends no lines (the bag is on the server) and nothing local is emptied', async () => {
    const clear = vi.fn();
    const go = vi.fn();
    const send = vi.fn(async () => ({ checkoutUrl: 'https://shop.example/c/1', userErrors: [] }));
    expect(await startCheckout({ guestLines: null, send, clearGuestBag: clear, go })).toBeNull();
    expect(send).toHaveBeenCalledWith(null);
    expect(clear).not.toHaveBeenCalled();
    expect(go).toHaveBeenCalledWith('https://shop.example/c/1');
  });

  it('a refused checkout (store unavailable) keeps the bag, stays on the page and says why', async () => {
    const clear = vi.fn();
    const go = vi.fn();
    const refusal = await startCheckout({
      guestLines: LINES,
      send: async () => ({
        checkoutUrl: null,
        userErrors: [{ code: 'STORE_UNAVAILABLE', message: 'The store cannot be reached right now.' }],
      }),
      clearGuestBag: clear,
      go,
    });
    expect(clear).not.toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
    expect(refusal).toEqual({
      code: 'STORE_UNAVAILABLE',
      title: 'Checkout is paused',
      message: 'The store cannot be reached right now. Your bag is kept.',
    });
    expect(checkoutRefusal([{ code: 'STORE_UNAVAILABLE', message: '' }]).message).toBe(
      'The store cannot take orders right now. Please try again in a few minutes. Your bag is kept.',
    );
  });

  it('a network failure or another refusal is reported too', async () => {
    const failed = await startCheckout({
      guestLines: null,
      send: async () => {
        throw new Error('Failed to fetch');
      },
      clearGuestBag: vi.fn(),
      go: vi.fn(),
    });
    expect(failed).toMatchObject({ title: 'Checkout could not start', message: 'Failed to fetch' });
    expect(checkoutRefusal([{ code: 'INVALID_INPUT', message: 'Tap shoes (8) is sold out.' }])).toMatchObject(
      {
        title: 'Checkout could not start',
        message: 'Tap shoes (8) is sold out.',
      },
    );
    expect(checkoutRefusal([{ code: 'EMPTY_CART', message: 'Your bag is empty.' }]).title).toBe(
      'Your bag is empty',
    );
  });
});

describe('ShopBagView', () => {
  it('shows each line with its variant, unit price, quantity, total and problem, and the subtotal', () => {
    const html = render();
    const shown = text(html);
    expect(html.match(/data-testid="shop-bag-line"/g)).toHaveLength(2);
    expect(shown).toContain('Ballet slippers');
    expect(shown).toContain('7 / Pink');
    expect(shown).toContain('$45.00 each');
    expect(shown).toContain('$90.00');
    expect(html).toMatch(
      /aria-label="Quantity of Ballet slippers \(7 \/ Pink\)"[^>]*value="2"|value="2"[^>]*aria-label="Quantity of Ballet slippers \(7 \/ Pink\)"/,
    );
    expect(shown).toContain('Only 0 left in stock');
    expect(shown).toContain('Subtotal (3 items)');
    expect(shown).toContain('$134.00');
    expect(html).toContain('href="/shop/ballet-slippers"');
    expect(html).toContain('aria-label="Remove Tap shoes from the bag"');
    expect(html).not.toContain('data-testid="shop-checkout-error"');
  });

  it('shows a refused checkout as an alert above the Checkout button', () => {
    const html = render({
      refusal: checkoutRefusal([
        { code: 'STORE_UNAVAILABLE', message: 'The store cannot be reached right now.' },
      ]),
    });
    expect(html).toMatch(/<div[^>]*role="alert"[^>]*data-testid="shop-checkout-error"/);
    const shown = text(html);
    expect(shown).toContain('Checkout is paused');
    expect(shown).toContain('The store cannot be reached right now.');
    expect(shown).toContain('Your bag is kept');
    expect(html.indexOf('shop-checkout-error')).toBeLessThan(html.indexOf('data-testid="shop-checkout"'));
    expect(html).toMatch(/<button[^>]*data-testid="shop-checkout"(?![^>]*disabled)/);
  });

  it('offers a guest to sign in and keep the bag; a member is not asked', () => {
    expect(text(render())).toContain('Checking out as a guest.');
    expect(render()).toContain('href="/auth"');
    expect(text(render({ mode: 'member' }))).not.toContain('Checking out as a guest.');
  });
});
