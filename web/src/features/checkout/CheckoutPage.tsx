import { CheckoutView } from './CheckoutView';

/** /checkout (signed in). */
export default function CheckoutPage() {
  return <CheckoutView title="Checkout" />;
}
