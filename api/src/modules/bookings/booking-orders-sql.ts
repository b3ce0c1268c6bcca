/**
 * The orders of an instructor's bookings, as a subquery for the sellers module's payout balance
 * (`payoutBalance(…, { ordersIn })`): the sellers module cannot import this module (bookings
 * imports sellers), so the bookings module passes its SQL in. Rows: order_id.
 */
export function instructorBookingOrders(instructorId: string): { sql: string; params: string[] } {
  return {
    sql: `select order_id from bookings where instructor_id = ? and order_id is not null`,
    params: [instructorId],
  };
}
