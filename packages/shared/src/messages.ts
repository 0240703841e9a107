/** Texts the customer sees, quoted from SPEC.md §5 and §8 (with DESIGN.md §6's typo fix). */
export const MSG = {
  productNotFound: 'Product not found.',
  vendorNotFound: 'Vendor not found.',
  noVendorFound: 'No vendor found.',
  loadingServiceDetails: 'Loading Service Details...',
  noVendorsFor: (term: string) => `No vendors found for "${term}".`,
  failedToFetchProducts: 'Failed to fetch products.',
  noReviewsYet: 'No reviews yet. Be the first to review!',
  loginToAddToCart: 'Please log in to add items to your cart.',
  loginToReview: 'Please log in to submit a review.',
  loginToContinue: 'Please login to continue',
  loginToChat: 'Please login to chat with vendor',
  storeFallbackDescription: 'Discover our products and exclusive collections.',
  cartEmpty: 'Your cart is empty.',
  invalidId: 'That link is not valid: the id is malformed.',
  serverError: 'Something went wrong on our side. Please try again.',
} as const;
