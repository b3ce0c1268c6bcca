import { Cursor } from '@mikro-orm/core';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { type ClassType, Field, Int, ObjectType } from 'type-graphql';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** The `first` argument of every list field (pageSize() enforces it). */
export const FIRST_ARG_DESCRIPTION =
  'How many items to return: 1 to 100 (a larger number returns 100; default 20). Zero or a negative number is refused with BAD_USER_INPUT.';

/** The `after` argument of every list field (withCursor()/decodeCursor() enforce it). */
export const AFTER_ARG_DESCRIPTION =
  'Return the items after this cursor: the `pageInfo.endCursor` (or an edge `cursor`) of an earlier page of this same list and ordering. Null or absent starts at the beginning; a cursor not made for this list is refused with BAD_USER_INPUT.';

@ObjectType({
  description:
    'Where a page of a list sits (Relay cursor pagination, forward only): pass `endCursor` as `after` to get the next page.',
})
export class PageInfo {
  @Field({ description: 'True when more items follow this page: ask again with `after: endCursor`.' })
  hasNextPage!: boolean;

  @Field({
    description:
      'True when this page was asked for with an `after` cursor (items come before it); false on the first page.',
  })
  hasPreviousPage!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'The cursor of the first item of this page; null when the page is empty.',
  })
  startCursor!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The cursor of the last item of this page (the `after` of the next page); null when the page is empty.',
  })
  endCursor!: string | null;
}

export interface ConnectionShape<T> {
  edges: { node: T; cursor: string }[];
  nodes: T[];
  pageInfo: PageInfo;
  totalCount: number;
}

/**
 * The descriptions of the connection types made by Connection(): a module's subclass
 * (`@ObjectType() class UserConnection extends Connection(User, 'User')`) does not inherit its
 * parent's type description, so describeConnections() fills it in after the schema is built.
 */
const connectionDescriptions = new Map<string, string>();

/** Gives every `<Name>Connection` made by Connection() its description, unless it has its own. */
export function describeConnections(schema: GraphQLSchema): void {
  for (const [typeName, description] of connectionDescriptions) {
    const type = schema.getType(typeName);
    if (type && !type.description) type.description = description;
  }
}

/** A Relay connection type (`<Name>Connection` with `<Name>Edge`) for an object type. */
export function Connection<T extends object>(node: ClassType<T>, name: string) {
  const description = `One page of a list of ${name} items (a Relay cursor connection), in the order of the field that returns it.`;
  connectionDescriptions.set(`${name}Connection`, description);

  @ObjectType(`${name}Edge`, {
    description: `One ${name} of a page of a list, with the cursor that points at it.`,
  })
  class Edge {
    @Field(() => node, { description: `The ${name} itself.` })
    node!: T;

    @Field({
      description: 'An opaque string marking this item: pass it as `after` to get the items that follow it.',
    })
    cursor!: string;
  }

  @ObjectType(`${name}Connection`, { description })
  class ConnectionType implements ConnectionShape<T> {
    @Field(() => [Edge], { description: 'The items of this page with their cursors, in list order.' })
    edges!: Edge[];

    @Field(() => [node], { description: 'The nodes of `edges`, for clients that need no cursors.' })
    nodes!: T[];

    @Field(() => PageInfo, { description: 'Whether more items follow and the cursors to continue from.' })
    pageInfo!: PageInfo;

    @Field(() => Int, {
      description: 'How many items match the list’s filters in all, across every page (not just this one).',
    })
    totalCount!: number;
  }
  return ConnectionType;
}

/** Page size within 1…100 (default 20). */
export function pageSize(first: number | null | undefined): number {
  if (first === null || first === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 1) {
    throw new GraphQLError('`first` must be a positive integer', { extensions: { code: 'BAD_USER_INPUT' } });
  }
  return Math.min(first, MAX_PAGE_SIZE);
}

/** Turns a MikroORM cursor page into the Relay shape. */
export function toConnection<T extends object>(page: Cursor<T, any, any, any, true>): ConnectionShape<T> {
  const nodes = [...page.items] as T[];
  return {
    nodes,
    edges: nodes.map((node) => ({ node, cursor: page.from(node) })),
    totalCount: page.totalCount,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPrevPage,
      startCursor: page.startCursor,
      endCursor: page.endCursor,
    },
  };
}

/** Rejects a cursor that was not made by us, with a clear message. */
export function invalidCursor(): GraphQLError {
  return new GraphQLError('`after` is not a valid cursor', { extensions: { code: 'BAD_USER_INPUT' } });
}

/**
 * Runs a cursor page query (`findByCursor`). A cursor that does not even decode is refused before
 * any statement runs: `findByCursor` reads the page and counts in parallel, and when reading failed
 * on a bad cursor the count went on after the answer was sent. A page that still fails with a
 * cursor (a decodable one of the wrong shape) is reported as an invalid cursor too.
 */
export async function withCursor<T>(after: string | null | undefined, work: () => Promise<T>): Promise<T> {
  if (after) {
    try {
      Cursor.decode(after);
    } catch {
      throw invalidCursor();
    }
  }
  try {
    return await work();
  } catch (error) {
    if (after) throw invalidCursor();
    throw error;
  }
}
