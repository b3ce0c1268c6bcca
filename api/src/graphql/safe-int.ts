import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

const describe = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

function safeInteger(value: unknown): number {
  // PostgreSQL's bigint arrives as a string of digits; anything else must already be a safe integer.
  const n = typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value;
  if (typeof n === 'number' && Number.isSafeInteger(n)) return n;
  throw new GraphQLError(
    `SafeInt cannot represent ${describe(value)}: a whole number within ±(2^53 − 1) is needed`,
  );
}

/**
 * A whole number within ±(2⁵³ − 1): what a JavaScript number holds exactly. For sums of money in US
 * cents that may pass Int's 32 bits (a cart of 99 expensive resources comes to more than
 * 2 147 483 647 cents); the web reads it as a number.
 */
export const SafeInt = new GraphQLScalarType({
  name: 'SafeInt',
  description:
    'A whole number between -(2^53 - 1) and 2^53 - 1 (Int holds only 32 bits); used for sums of money in US cents.',
  serialize: safeInteger,
  parseValue: safeInteger,
  parseLiteral(ast) {
    if (ast.kind !== Kind.INT) throw new GraphQLError('SafeInt must be a whole number', { nodes: ast });
    return safeInteger(ast.value);
  },
});
