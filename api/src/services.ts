import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentProvider } from './modules/payments';
import type { AppStorage } from './storage/storage';

/**
 * The business services of one request, sharing its EntityManager (`ctx.services`). Empty here on
 * purpose: each module adds its own services to this interface in its `module.ts`
 * (`declare module '../../services' { interface Services { … } }`) and says how to make them
 * (`services` in `defineModule`), so this file names no module and importing its types makes no
 * import cycle.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declarations
export interface Services {}

/** What a request's services are made with. */
export interface ServiceDeps {
  em: EntityManager;
  storage: AppStorage;
  /** Stripe or the labelled test provider. */
  payments: PaymentProvider;
}

/** A module's service makers: each gets the request's deps and its other services (made on first use). */
export type ServiceFactories = {
  readonly [K in keyof Services]?: (deps: ServiceDeps, services: Services) => Services[K];
};

const DEPS = Symbol('deps');
const MADE = Symbol('made');

/**
 * The maker of each request's services from the modules' factories (`modules/index.ts`). A service
 * is made the first time the request uses it — a cart poll or a sign-in makes one of 22, not all —
 * and then kept for the request. A name two modules claim stops the app.
 */
export function servicesMaker(
  modules: readonly { services?: ServiceFactories }[],
): (deps: ServiceDeps) => Services {
  class RequestServices {
    readonly [DEPS]: ServiceDeps;
    readonly [MADE]: Record<string, unknown> = {};
    constructor(deps: ServiceDeps) {
      this[DEPS] = deps;
    }
  }
  const claimed = new Set<string>();
  for (const factories of modules.map((m) => m.services ?? {})) {
    for (const [name, make] of Object.entries(factories) as [
      string,
      (d: ServiceDeps, s: Services) => unknown,
    ][]) {
      if (claimed.has(name)) throw new Error(`Two modules define the service "${name}"`);
      claimed.add(name);
      Object.defineProperty(RequestServices.prototype, name, {
        enumerable: true,
        get(this: RequestServices) {
          return (this[MADE][name] ??= make(this[DEPS], this as unknown as Services));
        },
      });
    }
  }
  return (deps) => new RequestServices(deps) as unknown as Services;
}
