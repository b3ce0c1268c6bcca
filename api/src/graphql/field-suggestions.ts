import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import type { Context } from './context';

/** graphql-js ends a validation message with its guesses: `… Did you mean "email" or "username"?` */
const SUGGESTION = / ?Did you mean [^?]*\?$/;

/** A message without graphql's guesses at what was meant. */
export function withoutSuggestion(message: string): string {
  return message.replace(SUGGESTION, '');
}

/** One listener for every request (nothing per request is allocated for it). */
const guestsWithoutSuggestions: GraphQLRequestListener<Context> = {
  async willSendResponse({ contextValue, response }) {
    if (contextValue.viewer || response.body.kind !== 'single') return;
    const errors = response.body.singleResult.errors;
    if (!errors?.some((error) => SUGGESTION.test(error.message))) return;
    response.body.singleResult.errors = errors.map((error) =>
      SUGGESTION.test(error.message) ? { ...error, message: withoutSuggestion(error.message) } : error,
    );
  },
};

/**
 * Guests get no field, argument, type or enum value suggestions in errors: guessing names one error
 * at a time would map a graph whose introspection were off. Signed-in callers keep them (they help
 * developers), and introspection stays open as docs/api.md promises.
 */
export function fieldSuggestionsForSignedInOnly(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return guestsWithoutSuggestions;
    },
  };
}
