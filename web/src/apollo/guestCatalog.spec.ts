import { ApolloClient, ApolloLink, gql, InMemoryCache, Observable } from '@apollo/client';
import { ServerError } from '@apollo/client/errors';
import { buildSchema, execute, GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { emptyCatalogAnswer, guestCatalogLink, tolerateGuestCatalog } from './guestCatalog';

/** A graph shaped like ours whose catalogue a (future) guard refuses to visitors. */
const schema = buildSchema(`
  type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
  type Course { id: ID! title: String! }
  type CourseEdge { cursor: String! node: Course! }
  type CourseConnection { edges: [CourseEdge!]! nodes: [Course!]! pageInfo: PageInfo! totalCount: Int! }
  type Review { id: ID! body: String! }
  type ReviewConnection { nodes: [Review!]! pageInfo: PageInfo! totalCount: Int! }
  type CourseCategory { id: ID! name: String! }
  type User { id: ID! }
  type Query {
    courses(first: Int): CourseConnection!
    course(id: ID!): Course
    courseCategories: [CourseCategory!]!
    resourceReviews(resourceId: ID!): ReviewConnection!
    me: User
    cart: [Course!]!
  }
`);
const refused = () => {
  throw new GraphQLError('Sign in first.', { extensions: { code: 'UNAUTHENTICATED' } });
};
const rootValue = {
  courses: refused,
  course: refused,
  courseCategories: refused,
  resourceReviews: refused,
  me: () => null,
  cart: refused,
};

function clientOver(link: ApolloLink) {
  return new ApolloClient({ link: guestCatalogLink.concat(link), cache: new InMemoryCache() });
}

const graphLink = new ApolloLink(
  (operation) =>
    new Observable((observer) => {
      Promise.resolve(
        execute({ schema, document: operation.query, rootValue, variableValues: operation.variables }),
      )
        .then((result) => {
          observer.next(JSON.parse(JSON.stringify(result)) as ApolloLink.Result);
          observer.complete();
        })
        .catch((error: unknown) => observer.error(error));
    }),
);

const COURSES = gql`
  query Courses {
    courses(first: 12) {
      nodes {
        id
        title
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
    }
    courseCategories {
      id
      name
    }
  }
`;

describe('guests and the public catalogue (spec section 6)', () => {
  it('reads a refused list page as an empty page, and refused categories as an empty list', async () => {
    const { data, error } = await clientOver(graphLink).query({ query: COURSES });
    expect(error).toBeUndefined();
    expect(data).toEqual({
      courses: {
        __typename: 'CourseConnection',
        nodes: [],
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
        totalCount: 0,
      },
      courseCategories: [],
    });
  });

  it('reads refused reviews as an empty list and a refused item as null (other fields kept); an answer the refusal nulled with other fields stays an error', async () => {
    const query = gql`
      query Details($id: ID!) {
        course(id: $id) {
          id
          title
        }
        me {
          id
        }
        reviews: resourceReviews(resourceId: $id) {
          ...ReviewPage
        }
      }
      fragment ReviewPage on ReviewConnection {
        nodes {
          id
        }
        totalCount
      }
    `;
    // resourceReviews is non-null: its refusal nulls the whole answer, which is rebuilt only when
    // nothing else was asked for.
    await expect(clientOver(graphLink).query({ query, variables: { id: 'c1' } })).rejects.toThrow(
      'Sign in first.',
    );

    const reviewsOnly = gql`
      query Reviews($id: ID!) {
        resourceReviews(resourceId: $id) {
          ...ReviewPage
        }
      }
      fragment ReviewPage on ReviewConnection {
        nodes {
          id
        }
        totalCount
      }
    `;
    const reviews = await clientOver(graphLink).query({ query: reviewsOnly, variables: { id: 'r1' } });
    expect(reviews.data).toEqual({
      resourceReviews: { __typename: 'ReviewConnection', nodes: [], totalCount: 0 },
    });

    const itemAndMe = gql`
      query Course($id: ID!) {
        course(id: $id) {
          id
        }
        me {
          id
        }
      }
    `;
    const item = await clientOver(graphLink).query({ query: itemAndMe, variables: { id: 'c1' } });
    expect(item.error).toBeUndefined();
    expect(item.data).toEqual({ course: null, me: null });
  });

  it('leaves other refusals alone: a signed-in-only field still fails', async () => {
    const query = gql`
      query Cart {
        cart {
          id
        }
      }
    `;
    await expect(clientOver(graphLink).query({ query })).rejects.toThrow('Sign in first.');
    const result = {
      data: null,
      errors: [{ message: 'Boom', path: ['courses'], extensions: { code: 'INTERNAL' } }],
    };
    expect(tolerateGuestCatalog(COURSES, result)).toBe(result);
  });

  it('answers a 401 to a request made of catalogue fields only with empty data', async () => {
    const unauthorized = new ApolloLink(
      () =>
        new Observable((observer) =>
          observer.error(
            new ServerError('Response not successful: Received status code 401', {
              response: new Response('{}', { status: 401 }),
              bodyText: '{"message":"Sign in first"}',
            }),
          ),
        ),
    );
    const { data, error } = await clientOver(unauthorized).query({ query: COURSES });
    expect(error).toBeUndefined();
    expect(data).toMatchObject({ courseCategories: [], courses: { nodes: [], totalCount: 0 } });
    expect(
      emptyCatalogAnswer(gql`
        query {
          me {
            id
          }
        }
      `),
    ).toBeNull();
  });
});
