/**
 * The plain query keys that cross features (the queries themselves are in queries.ts). Kept apart so the
 * header's cart badge can read its key without the queries' schemas joining the first bundle.
 */

/** Everything about the cart: its items (the cart page) and its count (the header's badge), so every change refreshes both. */
export const cartKey = ['cart'] as const;
export const cartItemsKey = (userId: string) => ['cart', 'items', userId] as const;
export const cartCountKey = (userId: string) => ['cart', 'count', userId] as const;

/** The customer's orders (My orders), fetched again after checkout and after a payment. */
export const ordersKey = ['orders'] as const;

/** The vendor's own account, read by the portal's frame and refreshed when the profile is saved. */
export const vendorMeKey = ['vendor-me'] as const;
