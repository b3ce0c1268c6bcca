import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { AFTER_ARG_DESCRIPTION, FIRST_ARG_DESCRIPTION, pageSize } from '../../graphql/connection';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { OrderLine } from '../orders';
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
  @Query(() => ReceivedLicenceConnection, {
    description:
      'Licences of resources that colleagues bought and gave me, newest first (resources I bought myself are not listed).',
  })
  myLicences(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, description: FIRST_ARG_DESCRIPTION }) first?: number,
    @Arg('after', () => String, { nullable: true, description: AFTER_ARG_DESCRIPTION }) after?: string,
  ) {
    return ctx.services.licences.received(ctx.user!, pageSize(first), after);
  }

  @Mutation(() => LicencePayload, {
    description:
      'Gives one licence of my paid resource line to a colleague (by username), who can download the resource at once (it is listed in their myLicences). A line of quantity N has N − 1 licences to give; one is mine. A refund of the order takes given licences back. userErrors: INVALID_INPUT (no username, neither orderLineId nor resourceId, a course line, my own username), NOT_FOUND (no such line of mine, a resource I have not bought, an unknown username), CONFLICT (the order is not paid, or no licence is left), ALREADY_OWNED (the colleague already has the resource or sells it).',
  })
  licenceAssign(
    @Arg('input', () => LicenceAssignInput, { description: 'The line (or resource) and the colleague.' })
    input: LicenceAssignInput,
    @Ctx() ctx: Context,
  ) {
    return payload<{ orderLine: OrderLine | null }>(
      async () => ({ orderLine: await ctx.services.licences.assign(ctx.user!, input) }),
      { orderLine: null },
    );
  }

  @Mutation(() => LicencePayload, {
    description:
      'Takes back a licence I gave from one of my order lines: the colleague’s access ends at once and the licence can be given again. userErrors: INVALID_INPUT (no username), NOT_FOUND (no such line of mine, or that colleague holds no licence from it).',
  })
  licenceRevoke(
    @Arg('input', () => LicenceRevokeInput, { description: 'The line and the colleague.' })
    input: LicenceRevokeInput,
    @Ctx() ctx: Context,
  ) {
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
    description:
      'Licences the buyer can still give (quantity − 1 − those given; 0 unless the order is paid); null for a course.',
  })
  licencesLeft(@Root() line: OrderLine, @Ctx() ctx: Context): Promise<number | null> {
    return ctx.services.licences.licencesLeft(line);
  }

  @FieldResolver(() => [LicenceHolder], {
    nullable: true,
    description: 'The colleagues holding a licence of the line, in the order given; null for a course.',
  })
  licenceHolders(@Root() line: OrderLine, @Ctx() ctx: Context): Promise<LicenceHolder[] | null> {
    return ctx.services.licences.holders(line);
  }
}

export const licencesResolvers = [LicencesResolver, OrderLineLicenceFieldsResolver] as const;
