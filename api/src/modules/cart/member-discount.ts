/**
 * A member's discount on one line: round-half-up(line total × percent / 100); never on a course.
 * The cart shows it and the orders module prices checkout with it (orders/order-pricing.ts).
 */
export function memberLineDiscount(
  line: { itemType: string; unitPriceCents: number; quantity: number },
  percent: number,
): number {
  if (line.itemType !== 'resource' || percent <= 0) return 0;
  const total = line.unitPriceCents * line.quantity;
  return Math.min(total, Math.floor((total * Math.min(percent, 100) + 50) / 100));
}
