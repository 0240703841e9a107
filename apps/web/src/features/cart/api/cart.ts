import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCartItem, ZCartList, ZMessageOnly, ZPlacedOrder, type OrderCartBody } from '@nirmaan/shared/cart';
import { api } from '../../../lib/api.ts';
import { cartItemsKey, cartKey, ordersKey } from '../../../lib/query-keys.ts';

const enc = encodeURIComponent;

export function useCart(userId: string | null) {
  return useQuery({
    queryKey: cartItemsKey(userId ?? ''),
    queryFn: () => api(`/carts/${enc(userId ?? '')}`, {}, ZCartList),
    enabled: Boolean(userId),
  });
}

export function useRemoveCartItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => api(`/delete/${enc(itemId)}`, { method: 'DELETE' }, ZMessageOnly),
    onSuccess: () => client.invalidateQueries({ queryKey: cartKey }),
  });
}

export function useSetCartQuantity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, quantity }: { itemId: string; quantity: number }) =>
      api(`/api/cart/${enc(itemId)}`, { method: 'PATCH', json: { quantity } }, ZCartItem),
    onSuccess: () => client.invalidateQueries({ queryKey: cartKey }),
  });
}

/** POST /ordercart with an Idempotency-Key per checkout, so a double click or a retry places one order. */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: OrderCartBody; key: string }) =>
      api('/ordercart', { method: 'POST', json: body, headers: { 'idempotency-key': key } }, ZPlacedOrder),
    onSuccess: () => client.invalidateQueries({ queryKey: cartKey }).then(() => client.invalidateQueries({ queryKey: ordersKey })),
  });
}
