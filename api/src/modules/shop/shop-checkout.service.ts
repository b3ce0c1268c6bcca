import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config';
import { DomainError } from '../../graphql/errors';
import {
  type BagLineInput,
  isVariantId,
  lineLabel,
  MAX_BAG_LINES,
  MAX_BAG_QUANTITY,
  priceLines,
} from './shop-bag-lines';
import { ShopBagService } from './shop-bag.service';
import { getActiveStore } from './store-connection';
import { cartTokenOf } from './store-order-payload';
import { StoreError, type StoreProvider } from './store-provider';
import { log } from '../../observability/logger';

/**
 * Checkout of a shop bag: the lines are checked against DRX's copy of the catalogue, then the store
 * makes a cart of them (Storefront API `cartCreate`) and the buyer is sent to its checkout URL,
 * their e-mail prefilled. The store takes the payment; its order webhooks bring the order back
 * (store-orders) and clear the bought lines from a member's bag. Any failure of the store is a
 * STORE_UNAVAILABLE userError, never an error of the graph.
 */

export const NOT_CONNECTED = 'The shop isn’t connected to a store right now.';
export const STORE_DOWN = 'The store can’t take orders right now. Please try again in a few minutes.';
const STORE_REFUSED =
  'The store refused some items in your bag (it may no longer sell them). Please review your bag and try again.';

export interface ShopBuyer {
  id: string;
  email: string | null;
}

/** Checkout's lines as given: 1–50 valid lines, a variant twice is one line (at most 99 in all). */
function checkedLines(lines: BagLineInput[]): BagLineInput[] {
  if (lines.length > MAX_BAG_LINES) {
    throw new DomainError('INVALID_INPUT', `A bag holds at most ${MAX_BAG_LINES} lines.`, 'lines');
  }
  const quantities = new Map<string, number>();
  for (const [index, line] of lines.entries()) {
    if (!isVariantId(line.variantId)) {
      throw new DomainError(
        'NOT_FOUND',
        'This item isn’t available in the shop.',
        `lines.${index}.variantId`,
      );
    }
    const sum = (quantities.get(line.variantId) ?? 0) + line.quantity;
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || sum > MAX_BAG_QUANTITY) {
      throw new DomainError(
        'INVALID_INPUT',
        `Quantity must be a whole number from 1 to ${MAX_BAG_QUANTITY}.`,
        `lines.${index}.quantity`,
      );
    }
    quantities.set(line.variantId, sum);
  }
  return [...quantities].map(([variantId, quantity]) => ({ variantId, quantity }));
}

export class ShopCheckoutService {
  constructor(
    private readonly em: EntityManager,
    private readonly config: Config,
  ) {}

  /**
   * The store's checkout URL for these lines, or for the member's bag when `lines` is null/omitted
   * (a guest must pass lines). The member's bag is left as it is.
   */
  async checkout(
    buyer: ShopBuyer | null,
    lines: BagLineInput[] | null | undefined,
  ): Promise<{ checkoutUrl: string }> {
    let wanted: BagLineInput[];
    if (lines !== null && lines !== undefined) wanted = checkedLines(lines);
    else if (buyer) wanted = await new ShopBagService(this.em).storedLines(buyer.id);
    else throw new DomainError('INVALID_INPUT', 'Send the lines of your bag to check out.', 'lines');
    if (wanted.length === 0) throw new DomainError('EMPTY_CART', 'Your bag is empty.', 'lines');

    const priced = await priceLines(this.em, wanted);
    const problems = priced.lines.filter((line) => line.problem !== null);
    if (problems.length > 0) {
      const list = problems.map((line) => `${lineLabel(line)}: ${line.problem}`).join('; ');
      throw new DomainError(
        'INVALID_INPUT',
        `Some items in your bag can’t be bought as they are (${list}). Please update your bag.`,
        'lines',
      );
    }

    const store = await getActiveStore(this.em, this.config).catch((error: unknown) => {
      log().error({ err: error }, '[shop] reading the store connection failed');
      throw new DomainError('STORE_UNAVAILABLE', STORE_DOWN);
    });
    if (!store) throw new DomainError('STORE_UNAVAILABLE', NOT_CONNECTED);
    const { cartId, checkoutUrl } = await this.createCheckout(store.provider, wanted, buyer);
    if (buyer) await this.rememberBuyer(cartId, buyer.id);
    return { checkoutUrl };
  }

  /** The store's cart of the lines; the store's failures as userErrors. */
  private async createCheckout(
    provider: StoreProvider,
    lines: BagLineInput[],
    buyer: ShopBuyer | null,
  ): Promise<{ cartId: string; checkoutUrl: string }> {
    try {
      return await provider.createCheckout(lines, { email: buyer?.email ?? null });
    } catch (error) {
      if (error instanceof StoreError && error.code === 'INVALID') {
        log().warn({ detail: error.message }, '[shop] the store refused a checkout');
        throw new DomainError('INVALID_INPUT', STORE_REFUSED, 'lines');
      }
      if (error instanceof StoreError) {
        log().warn(`[shop] the store cannot take a checkout now (${error.code}): ${error.message}`);
      } else {
        log().error({ err: error }, '[shop] creating a checkout failed');
      }
      throw new DomainError('STORE_UNAVAILABLE', STORE_DOWN);
    }
  }

  /**
   * The member who checks out this store cart: the order the store reports for it is theirs at once
   * (store-orders.service.ts), whatever email they give the store and before their own is verified.
   */
  private async rememberBuyer(cartId: string, userId: string): Promise<void> {
    const token = cartTokenOf(cartId);
    if (!token) return;
    await this.em.execute(
      `insert into shop_checkout_carts (cart_token, user_id) values (?, ?) on conflict (cart_token) do nothing`,
      [token, userId],
    );
  }
}
