import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { type ASTNode, type DocumentNode, GraphQLError, Kind, visit } from 'graphql';
import { findInputProblem, joinPath, textProblem } from '../http/input-text';

/** Where a value sits in a document: the field and the argument path (`input.title`). */
interface Place {
  field: string | null;
  argument: string[];
}

interface DocumentFacts {
  /** The message for the first string literal that breaks the text rule, if any. */
  literalProblem: string | null;
  /** Where each variable is first used. */
  variables: Map<string, Place>;
}

/** The field and argument path of a value node, from the visitor's ancestors and its parent. */
function placeOf(ancestors: readonly (ASTNode | readonly ASTNode[])[]): Place {
  const place: Place = { field: null, argument: [] };
  for (const node of ancestors) {
    if (Array.isArray(node) || !('kind' in (node as ASTNode))) continue;
    const n = node as ASTNode;
    if (n.kind === Kind.FIELD) place.field = n.name.value;
    else if (n.kind === Kind.DIRECTIVE) place.field = `@${n.name.value}`;
    else if (n.kind === Kind.ARGUMENT || n.kind === Kind.OBJECT_FIELD) place.argument.push(n.name.value);
    else if (n.kind === Kind.VARIABLE_DEFINITION) place.argument = [`$${n.variable.name.value}`];
  }
  return place;
}

function describe(place: Place, within: (string | number)[]): string {
  const path = joinPath([...place.argument, ...within]);
  if (path.startsWith('$')) return `Variable "${path}"`;
  return `Argument "${path}"${place.field ? ` of "${place.field}"` : ''}`;
}

/** Facts of a parsed document; Apollo keeps one DocumentNode per query text, so polls reuse them. */
const facts = new WeakMap<DocumentNode, DocumentFacts>();

function factsOf(document: DocumentNode): DocumentFacts {
  let known = facts.get(document);
  if (known) return known;
  known = { literalProblem: null, variables: new Map() };
  const found = known;
  visit(document, {
    // `ancestors` stops above the parent: the parent (an Argument or ObjectField) is added.
    StringValue(node, _key, parent, _path, ancestors) {
      if (found.literalProblem) return;
      const problem = textProblem(node.value);
      if (problem) found.literalProblem = `${describe(placeOf([...ancestors, parent!]), [])} ${problem}`;
    },
    Variable(node, _key, parent, _path, ancestors) {
      const name = node.name.value;
      const inDefinition =
        parent && !Array.isArray(parent) && (parent as ASTNode).kind === Kind.VARIABLE_DEFINITION;
      if (inDefinition || found.variables.has(name)) return;
      found.variables.set(name, placeOf([...ancestors, parent!]));
    },
  });
  facts.set(document, known);
  return known;
}

/** The message for the first text input of a request that breaks the rule (http/input-text.ts). */
export function graphInputProblem(
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
): string | null {
  const known = factsOf(document);
  if (known.literalProblem) return known.literalProblem;
  if (!variables) return null;
  const problem = findInputProblem(variables);
  if (!problem) return null;
  if (problem.path.length === 0) return `Variables ${problem.problem}`;
  const [name, ...within] = problem.path;
  const place = known.variables.get(String(name));
  const where = place
    ? describe(place, within)
    : `Variable "$${name}"${within.length ? ` at "${joinPath(within)}"` : ''}`;
  return `${where} ${problem.problem}`;
}

const listener: GraphQLRequestListener<never> = {
  async didResolveOperation({ document, request }) {
    const problem = graphInputProblem(document, request.variables);
    if (problem) {
      throw new GraphQLError(problem, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
    }
  },
};

/**
 * The text rule at the graph's edge: every string variable and every string literal of the
 * document (arguments reach resolvers either way) is checked after validation and before anything
 * runs; a breach answers 400 with a BAD_USER_INPUT error naming the argument. The REST adapter's
 * operations pass here too.
 */
export function inputTextGuard<T extends object>(): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return listener as GraphQLRequestListener<T>;
    },
  };
}
