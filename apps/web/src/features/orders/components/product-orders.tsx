/** My orders → Product Orders tab (built by the cart and orders work). */
export function ProductOrders() {
  return <p className="text-body-secondary py-4">No orders match your filters.</p>;
}
