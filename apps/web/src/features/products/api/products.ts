import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@nirmaan/shared/api';
import type { CartAddBody, ReviewBody } from '@nirmaan/shared/cart';
import { api } from '../../../lib/api.ts';
import { cartKey } from '../../../lib/query-keys.ts';

// Loaded with the first call (lib/api.ts): the server-rendered product page shows and hydrates without zod.
const apiSchemas = () => import('@nirmaan/shared/api');
const cartSchemas = () => import('@nirmaan/shared/cart');

const enc = encodeURIComponent;

export const productKeys = {
  detail: (id: string) => ['product', id] as const,
  reviews: (id: string) => ['product', id, 'reviews'] as const,
  related: (id: string, category: string) => ['product', id, 'related', category] as const,
};

export function useProduct(id: string) {
  return useQuery({
    queryKey: productKeys.detail(id),
    // The page has the same URL: a JSON copy in the HTTP cache would be served when the page is reloaded.
    queryFn: () => api(`/product/${enc(id)}`, { cache: 'no-store' }, async () => (await apiSchemas()).ZProductDetail),
    // A server-rendered "not found" stays as rendered (docs/decisions/023).
    retryOnMount: false,
  });
}

export function useProductReviews(id: string) {
  return useQuery({
    queryKey: productKeys.reviews(id),
    queryFn: async () => (await api(`/fetch/review/${enc(id)}`, {}, async () => (await apiSchemas()).ZProductReviewList)).getreview,
  });
}

export function useRelatedProducts(id: string, category: string | undefined) {
  return useQuery({
    queryKey: productKeys.related(id, category ?? ''),
    queryFn: () => api(`/related-products/${enc(category ?? '')}?exclude=${enc(id)}`, {}, async () => (await apiSchemas()).ZProductList),
    enabled: Boolean(category),
  });
}

export interface AddToCartInput {
  customerid: string;
  product: Pick<Product, '_id' | 'ProductName' | 'ProductPrice' | 'ProductUrl' | 'Vendor'>;
  quantity: number;
}

/** The original client's cart body (docs/api-contract.md). The server prices the line from its own catalogue; the price sent is informational. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerid, product, quantity }: AddToCartInput) =>
      api('/api/cart', {
        method: 'POST',
        json: {
          customerid,
          Vendorid: product.Vendor._id,
          productid: product._id,
          producturl: product.ProductUrl[0] ?? '',
          productname: product.ProductName,
          productQuantity: quantity,
          productprice: product.ProductPrice,
          productvendor: product.Vendor.Business_Name,
        } satisfies CartAddBody,
      }, async () => (await cartSchemas()).ZCartItem),
    // The header's count and the cart page key their queries under 'cart…'.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKey }),
  });
}

export type ProductReviewInput = Extract<ReviewBody, { productId: string }> & { userId: string };

export function useSubmitProductReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: ProductReviewInput) =>
      api(`/review/${enc(userId)}`, { method: 'POST', json: body satisfies ReviewBody }, async () => (await cartSchemas()).ZReviewResponse),
    // Reviews and the product's average both change.
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: productKeys.detail(input.productId) }),
  });
}
