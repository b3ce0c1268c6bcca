import { Cursor } from '@mikro-orm/core';
import { GraphQLError } from 'graphql';
import { type ClassType, Field, Int, ObjectType } from 'type-graphql';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

@ObjectType({ description: 'Relay page information.' })
export class PageInfo {
  @Field()
  hasNextPage!: boolean;

  @Field()
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true })
  startCursor!: string | null;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

export interface ConnectionShape<T> {
  edges: { node: T; cursor: string }[];
  nodes: T[];
  pageInfo: PageInfo;
  totalCount: number;
}

/** A Relay connection type (`<Name>Connection` with `<Name>Edge`) for an object type. */
export function Connection<T extends object>(node: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field(() => node)
    node!: T;

    @Field()
    cursor!: string;
  }

  @ObjectType(`${name}Connection`)
  class ConnectionType implements ConnectionShape<T> {
    @Field(() => [Edge])
    edges!: Edge[];

    @Field(() => [node], { description: 'The nodes of `edges`, for clients that need no cursors.' })
    nodes!: T[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;

    @Field(() => Int)
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
