import type { ApolloServer } from '@apollo/server';
import type { RequestHandler } from 'express';
import type { Context, ContextFactory } from '../../graphql/context';
import { STATUS_OF_CODE } from '../../rest/graph-route';
import { CHECKOUT_CONFIRM, CHECKOUT_START, checkoutStartVariables } from './orders.routes';

interface UserErrorLike {
  code: string;
  field?: string | null;
  message: string;
}
type Root = {
  order?: { id: string; status: string } | null;
  payment?: unknown;
  userErrors?: UserErrorLike[];
};

/**
 * POST /api/simple-checkout: `checkoutStart`, then — with the test provider — `checkoutConfirm`, so
 * one call pays and fulfils (`{ order, payment }`). With Stripe it stops after the start (the order
 * is pending and `payment.clientSecret` is for the card form). Same errors as /api/checkout.
 */
export function simpleCheckoutRoute(
  server: ApolloServer<Context>,
  createContext: ContextFactory,
): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = await createContext(req, res);
      const run = async (query: string, variables: Record<string, unknown>): Promise<Root | null> => {
        const response = await server.executeOperation({ query, variables }, { contextValue: ctx });
        if (response.body.kind !== 'single')
          throw new Error('Incremental delivery is not used by REST routes');
        const { data, errors } = response.body.singleResult;
        if (errors?.length) {
          const code = String(errors[0].extensions?.code ?? 'INTERNAL_SERVER_ERROR');
          res.status(STATUS_OF_CODE[code] ?? 500).json({ message: errors[0].message, code });
          return null;
        }
        const root = (data ? Object.values(data)[0] : null) as Root | null;
        const [first] = root?.userErrors ?? [];
        if (first) {
          res.status(STATUS_OF_CODE[first.code] ?? 400).json({
            message: first.message,
            code: first.code,
            field: first.field ?? null,
            errors: root!.userErrors,
          });
          return null;
        }
        return root;
      };
      const started = await run(CHECKOUT_START, checkoutStartVariables(req));
      if (!started) return;
      let order = started.order;
      if (order && order.status === 'pending' && ctx.payments.name === 'test') {
        const confirmed = await run(CHECKOUT_CONFIRM, { input: { orderId: order.id } });
        if (!confirmed) return;
        order = confirmed.order;
      }
      res.json({ order, payment: started.payment });
    } catch (error) {
      next(error);
    }
  };
}
