import { useQuery } from '@tanstack/react-query';
import { ZDispute, ZOpsDisputeList, type DisputeStatus, type ResolveDisputeBody } from '@nirmaan/shared/disputes';
import {
  ZOpsBookingDetail, ZOpsBookingList, ZOpsCommissionRates, ZOpsOrderDetail, ZOpsOrderList, ZOpsTransfer, ZOpsTransferList, ZOpsVendorLedger,
  type OpsExtendHoldBody, type OpsSetCommissionBody, type OpsTransferStatus,
} from '@nirmaan/shared/ops';
import { formatPaise } from '@nirmaan/shared/money';
import { api } from '../../../lib/api.ts';

/** The console's disputes, orders, bookings, commission rates (decision record 020) and vendor transfers (025). */

const qs = (params: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();
  return s ? `?${s}` : '';
};

export const useOpsDisputes = (status: DisputeStatus | undefined, page: number) => useQuery({
  queryKey: ['ops', 'disputes', status, page],
  queryFn: ({ signal }) => api(`/api/ops/disputes${qs({ status, page })}`, { signal }, ZOpsDisputeList),
});
export const resolveDispute = (id: string, body: ResolveDisputeBody) => api(`/api/ops/disputes/${id}/resolve`, { method: 'POST', json: body }, ZDispute);

export type SearchFilter = Record<'q' | 'customer' | 'vendor' | 'from' | 'to' | 'status' | 'paymentStatus', string>;

export const useOpsOrders = (filter: SearchFilter, page: number) => useQuery({
  queryKey: ['ops', 'orders', filter, page],
  queryFn: ({ signal }) => api(`/api/ops/orders${qs({ ...filter, page })}`, { signal }, ZOpsOrderList),
});
export const useOpsOrder = (id: string | null) => useQuery({
  queryKey: ['ops', 'order', id],
  queryFn: ({ signal }) => api(`/api/ops/orders/${id}`, { signal }, ZOpsOrderDetail),
  enabled: id !== null,
});
export const cancelOrder = (id: string, reason: string) => api(`/api/ops/orders/${id}/cancel`, { method: 'POST', json: { reason } }, ZOpsOrderDetail);

export const useOpsBookings = (filter: SearchFilter, page: number) => useQuery({
  queryKey: ['ops', 'bookings', filter, page],
  queryFn: ({ signal }) => api(`/api/ops/bookings${qs({ ...filter, page })}`, { signal }, ZOpsBookingList),
});
export const useOpsBooking = (id: string | null) => useQuery({
  queryKey: ['ops', 'booking', id],
  queryFn: ({ signal }) => api(`/api/ops/bookings/${id}`, { signal }, ZOpsBookingDetail),
  enabled: id !== null,
});
export const cancelBooking = (id: string, reason: string) => api(`/api/ops/bookings/${id}/cancel`, { method: 'POST', json: { reason } }, ZOpsBookingDetail);

export const useCommission = () => useQuery({ queryKey: ['ops', 'commission'], queryFn: ({ signal }) => api('/api/ops/commission', { signal }, ZOpsCommissionRates) });
export const setCommission = (body: OpsSetCommissionBody) => api('/api/ops/commission', { method: 'PUT', json: body }, ZOpsCommissionRates);

export const rupees = (paise: number) => formatPaise(paise);

export const useOpsTransfers = (status: OpsTransferStatus | undefined, vendorId: string | undefined, page: number) => useQuery({
  queryKey: ['ops', 'transfers', status, vendorId, page],
  queryFn: ({ signal }) => api(`/api/ops/transfers${qs({ status, vendorId, page })}`, { signal }, ZOpsTransferList),
});
export const releaseTransfer = (id: string, reason: string) => api(`/api/ops/transfers/${id}/release`, { method: 'POST', json: { reason } }, ZOpsTransfer);
export const extendTransferHold = (id: string, body: OpsExtendHoldBody) => api(`/api/ops/transfers/${id}/extend`, { method: 'POST', json: body }, ZOpsTransfer);
export const retryTransfer = (id: string, reason: string) => api(`/api/ops/transfers/${id}/retry`, { method: 'POST', json: { reason } }, ZOpsTransfer);
/** Under the transfers' key, so an action on a transfer refreshes the ledger too. */
export const useVendorLedger = (vendorId: string) => useQuery({
  queryKey: ['ops', 'transfers', 'ledger', vendorId],
  queryFn: ({ signal }) => api(`/api/ops/vendors/${vendorId}/ledger`, { signal }, ZOpsVendorLedger),
});
