/** My orders → Service Orders tab (built by the booking work). */
export function ServiceOrders() {
  return <p className="text-body-secondary py-4">No service orders found.</p>;
}
