import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { pageSize } from '../../graphql/connection';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { OrderLine } from '../orders/order-line.entity';
import {
  LicenceAssignInput,
  LicenceHolder,
  LicencePayload,
  LicenceRevokeInput,
  ReceivedLicenceConnection,
} from './licences.types';

/** Licences of resource lines: giving them to colleagues, taking them back, the ones I was given. */
@Resolver()
export class LicencesResolver {
  @Query(() => ReceivedLicenceConnection, { description: 'Licences colleagues gave me, newest first.' })
  myLicences(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ) {
    return ctx.services.licences.received(ctx.user!, pageSize(first), after);
  }

  @Mutation(() => LicencePayload, {
    description:
      'Gives one licence of my paid resource line to a colleague (by username), who can then download it.',
  })
  licenceAssign(@Arg('input', () => LicenceAssignInput) input: LicenceAssignInput, @Ctx() ctx: Context) {
    return payload<{ orderLine: OrderLine | null }>(
      async () => ({ orderLine: await ctx.services.licences.assign(ctx.user!, input) }),
      { orderLine: null },
    );
  }

  @Mutation(() => LicencePayload, {
    description: 'Takes back a licence I gave; the licence can be given again.',
  })
  licenceRevoke(@Arg('input', () => LicenceRevokeInput) input: LicenceRevokeInput, @Ctx() ctx: Context) {
    return payload<{ orderLine: OrderLine | null }>(
      async () => ({ orderLine: await ctx.services.licences.revoke(ctx.user!, input) }),
      { orderLine: null },
    );
  }
}

/** The licence fields of an order line (seen by whoever sees the order: its buyer and staff). */
@Resolver(() => OrderLine)
export class OrderLineLicenceFieldsResolver {
  @FieldResolver(() => Int, {
    nullable: true,
    description: 'Licences a resource line bought (its quantity; one is the buyer’s); null for a course.',
  })
  licences(@Root() line: OrderLine, @Ctx() ctx: Context): number | null {
    return ctx.services.licences.licences(line);
  }

  @FieldResolver(() => Int, {
    nullable: true,
    description: 'Licences the buyer can still give (0 unless the order is paid); null for a course.',
  })
  licencesLeft(@Root() line: OrderLine, @Ctx() ctx: Context): Promise<number | null> {
    return ctx.services.licences.licencesLeft(line);
  }

  @FieldResolver(() => [LicenceHolder], {
    nullable: true,
    description: 'The colleagues holding a licence of the line; null for a course.',
  })
  licenceHolders(@Root() line: OrderLine, @Ctx() ctx: Context): Promise<LicenceHolder[] | null> {
    return ctx.services.licences.holders(line);
  }
}

export const licencesResolvers = [LicencesResolver, OrderLineLicenceFieldsResolver] as const;
