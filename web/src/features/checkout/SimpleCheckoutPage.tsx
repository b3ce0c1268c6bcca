import { CheckoutView } from './CheckoutView';

/** /simple-checkout: where the header cart's Checkout button sends members. */
export default function SimpleCheckoutPage() {
  return <CheckoutView title="Simple checkout" />;
}
