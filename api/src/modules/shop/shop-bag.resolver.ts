import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import type { UserError } from '../../graphql/errors';
import { payload } from '../../graphql/payload';
import { MAX_BAG_LINES, MAX_BAG_QUANTITY, type PricedBag } from './shop-bag-lines';
import { ShopBagService } from './shop-bag.service';
import { ShopBag, ShopBagLineInput, ShopBagPayload } from './shop-bag.types';

const bags = (ctx: Context) => new ShopBagService(ctx.em);
const EMPTY = { bag: null as PricedBag | null };

/** The shop bag: a member's on the server, a guest's priced from the browser (shop-bag.permissions.ts). */
@Resolver(() => ShopBag)
export class ShopBagResolver {
  @Query(() => ShopBag, {
    description:
      'My shop bag, priced from DRX’s copy of the store’s catalogue; lines that can no longer be bought stay, with their problem.',
  })
  shopBag(@Ctx() ctx: Context): Promise<PricedBag> {
    return bags(ctx).bag(ctx.viewer!.id);
  }

  @Query(() => ShopBag, {
    description: `A guest’s bag (kept in the browser) priced from DRX’s copy of the store’s catalogue. Forgiving: lines with a quantity below 1 or a malformed variant id are left out, a variant given twice is one line, quantities above ${MAX_BAG_QUANTITY} count as ${MAX_BAG_QUANTITY}, and only the first ${MAX_BAG_LINES} lines count; unknown variants come back with the problem "No longer available".`,
  })
  shopBagPreview(
    @Arg('lines', () => [ShopBagLineInput], { description: 'The bag’s lines as the browser keeps them.' })
    lines: ShopBagLineInput[],
    @Ctx() ctx: Context,
  ): Promise<PricedBag> {
    return bags(ctx).preview(lines);
  }

  @Mutation(() => ShopBagPayload, {
    description: `Adds a store variant to my shop bag, or adds to its quantity when it is there already (a line holds at most ${MAX_BAG_QUANTITY}; more is capped). userErrors: NOT_FOUND (variantId: unknown, or its product is hidden, removed or off sale), INVALID_INPUT (quantity not 1–${MAX_BAG_QUANTITY}; variantId: the bag has ${MAX_BAG_LINES} lines already).`,
  })
  shopBagAdd(
    @Arg('input', () => ShopBagLineInput, { description: 'The variant and how many to add.' })
    input: ShopBagLineInput,
    @Ctx() ctx: Context,
  ) {
    return payload(async () => ({ bag: await bags(ctx).add(ctx.viewer!.id, input) }), EMPTY);
  }

  @Mutation(() => ShopBagPayload, {
    description: `Sets the quantity of a line of my shop bag; 0 removes it. userErrors: INVALID_INPUT (quantity not 0–${MAX_BAG_QUANTITY}), NOT_FOUND (variantId: not in my bag).`,
  })
  shopBagUpdate(
    @Arg('input', () => ShopBagLineInput, { description: 'The line’s variant and its new quantity.' })
    input: ShopBagLineInput,
    @Ctx() ctx: Context,
  ) {
    return payload(async () => ({ bag: await bags(ctx).update(ctx.viewer!.id, input) }), EMPTY);
  }

  @Mutation(() => ShopBagPayload, {
    description:
      'Removes a line from my shop bag (a variant not in it changes nothing). userErrors: NOT_FOUND (variantId: not a variant id).',
  })
  shopBagRemove(
    @Arg('variantId', () => ID, { description: 'The variant of the line to remove.' }) variantId: string,
    @Ctx() ctx: Context,
  ) {
    return payload(async () => ({ bag: await bags(ctx).remove(ctx.viewer!.id, variantId) }), EMPTY);
  }

  @Mutation(() => ShopBagPayload, {
    description: `Merges the bag I kept as a guest into mine when I sign in: each line is added as shopBagAdd adds it. Lines that cannot be added are skipped and each reported in userErrors (field lines.<index>.variantId or lines.<index>.quantity; codes as shopBagAdd) while bag still answers my bag with the others added. INVALID_INPUT (lines) with bag null: more than ${MAX_BAG_LINES} lines.`,
  })
  async shopBagMerge(
    @Arg('lines', () => [ShopBagLineInput], { description: 'The guest bag’s lines.' })
    lines: ShopBagLineInput[],
    @Ctx() ctx: Context,
  ) {
    const result = await payload<{ bag: PricedBag | null; skipped: UserError[] }>(
      () => bags(ctx).merge(ctx.viewer!.id, lines),
      { bag: null, skipped: [] },
    );
    return { bag: result.bag, userErrors: [...result.userErrors, ...result.skipped] };
  }
}
