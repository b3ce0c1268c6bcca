// The fake Stripe's front door: what the tests (api integration tests, e2e specs) use.
export * from './fake-stripe';
